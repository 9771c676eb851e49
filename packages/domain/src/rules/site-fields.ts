/*
 * Words a page's text may hold for the settings' values (Terms and Privacy use them), filled in
 * when the page is served, so a new site name or phone number shows on every page at once.
 */

export const SITE_FIELDS = ["[site-name]", "[contact-email]", "[contact-phone]"] as const;

export interface SiteFieldValues {
  siteName: string;
  contactEmail: string;
  contactPhone: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** Plain text (a title, a description) with the fields filled in. */
export function fillSiteFieldsText(text: string, site: SiteFieldValues): string {
  return text
    .replaceAll("[site-name]", site.siteName)
    .replaceAll("[contact-email]", site.contactEmail)
    .replaceAll("[contact-phone]", site.contactPhone);
}

/**
 * Sanitised HTML with the fields filled in: the name as text, the e-mail address and phone number
 * as links (the number kept on one line, as the footer shows it).
 */
export function fillSiteFieldsHtml(html: string, site: SiteFieldValues): string {
  const email = escapeHtml(site.contactEmail);
  const phone = site.contactPhone;
  const phoneShown = escapeHtml(phone).replaceAll(" ", "\u00a0").replaceAll("-", "\u2011");
  return html
    .replaceAll("[site-name]", escapeHtml(site.siteName))
    .replaceAll("[contact-email]", `<a href="mailto:${email}">${email}</a>`)
    .replaceAll("[contact-phone]", `<a href="tel:${escapeHtml(phone.replace(/\s+/g, ""))}">${phoneShown}</a>`);
}
