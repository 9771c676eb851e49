import { createElement as h, type ReactNode } from "react";
import { LINK_COLOUR, MAIL_FONT, MAIL_SANS, MAIL_WIDTH } from "./mail-stylesheet";

/*
 * The mail's frame, written with React Email's components (decision 074): they emit the
 * table layout and the client quirks (Outlook's button padding, the hidden preview text) that
 * hand-built tables get wrong. Rendered once per send and newsletter; the recipient's links are
 * placeholders (mail-placeholders.ts) replaced by string operations for each mail.
 */

export interface MailLayoutContent {
  siteName: string;
  siteUrl: string;
  /** Absolute, or null when the site has no logo. */
  logoUrl: string | null;
  title: string;
  byline: string;
  standfirst: string;
  leadImage: { url: string; width: number; height: number | null; alt: string } | null;
  /** The mail-safe body (mail-safe-html.ts). */
  bodyHtml: string;
  /** The post's page; null for a story sent only by e-mail. */
  readUrl: string | null;
  newsletterName: string;
  /** The postal address or the contact line ("" when the site has neither). */
  contactLine: string;
  unsubscribeUrl: string;
  manageUrl: string;
}

type Components = typeof import("@react-email/components");

const MUTED = "#6b7280";
const PAD = "0 24px";

export function mailDocument(c: Components, content: MailLayoutContent): ReactNode {
  const small = { fontFamily: MAIL_SANS, fontSize: "13px", lineHeight: "1.5", color: MUTED, margin: "0 0 8px" };
  const footerLink = { color: MUTED, textDecoration: "underline" };
  return h(
    c.Html,
    { lang: "en", dir: "ltr" },
    h(c.Head, null, h("title", null, content.title), h("meta", { name: "color-scheme", content: "light" })),
    h(c.Preview, null, content.standfirst || content.title),
    h(
      c.Body,
      { style: { margin: "0", padding: "0", backgroundColor: "#f3f4f6", fontFamily: MAIL_FONT } },
      h(
        c.Container,
        { style: { width: "100%", maxWidth: `${MAIL_WIDTH}px`, margin: "0 auto", backgroundColor: "#ffffff" } },
        h(
          c.Section,
          { style: { padding: "24px 24px 8px" } },
          content.logoUrl
            ? h(
                c.Link,
                { href: content.siteUrl },
                h(c.Img, {
                  src: content.logoUrl,
                  alt: content.siteName,
                  height: "40",
                  style: { height: "40px", width: "auto", maxWidth: "100%", margin: "0 0 8px" },
                }),
              )
            : null,
          h(
            c.Text,
            { style: { fontFamily: MAIL_SANS, fontSize: "14px", fontWeight: 700, margin: "0", color: "#111827" } },
            h(c.Link, { href: content.siteUrl, style: { color: "#111827", textDecoration: "none" } }, content.siteName),
          ),
        ),
        h(
          c.Section,
          { style: { padding: PAD } },
          h(
            c.Heading,
            {
              as: "h1",
              style: {
                fontFamily: MAIL_SANS,
                fontSize: "30px",
                lineHeight: "1.25",
                color: "#111827",
                margin: "16px 0 8px",
                overflowWrap: "break-word",
              },
            },
            content.title,
          ),
          content.byline
            ? h(c.Text, { style: { ...small, fontSize: "15px", margin: "0 0 16px" } }, content.byline)
            : null,
          content.standfirst
            ? h(
                c.Text,
                { style: { fontSize: "20px", lineHeight: "1.5", color: "#374151", margin: "0 0 20px" } },
                content.standfirst,
              )
            : null,
        ),
        content.leadImage
          ? h(
              c.Section,
              { style: { padding: "0 0 20px" } },
              h(c.Img, {
                src: content.leadImage.url,
                alt: content.leadImage.alt,
                width: String(content.leadImage.width),
                ...(content.leadImage.height ? { height: String(content.leadImage.height) } : {}),
                style: { display: "block", width: "100%", maxWidth: `${MAIL_WIDTH}px`, height: "auto", border: "0" },
              }),
            )
          : null,
        h(
          c.Section,
          { style: { padding: PAD } },
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the body went through mailSafeHtml's allowlist (mail-safe-html.ts).
          h("div", { dangerouslySetInnerHTML: { __html: content.bodyHtml } }),
        ),
        content.readUrl
          ? h(
              c.Section,
              { style: { padding: "8px 24px 24px" } },
              h(
                c.Button,
                {
                  href: content.readUrl,
                  style: {
                    backgroundColor: LINK_COLOUR,
                    color: "#ffffff",
                    fontFamily: MAIL_SANS,
                    fontSize: "16px",
                    fontWeight: 700,
                    padding: "12px 20px",
                    borderRadius: "4px",
                    textDecoration: "none",
                  },
                },
                `Read on ${content.siteName}`,
              ),
            )
          : null,
        h(c.Hr, { style: { border: "none", borderTop: "1px solid #e5e7eb", margin: "8px 0 0" } }),
        h(
          c.Section,
          { style: { padding: "16px 24px 24px" } },
          h(
            c.Text,
            { style: small },
            `You are receiving ${content.newsletterName} because you subscribed to it on ${content.siteName}.`,
          ),
          content.contactLine ? h(c.Text, { style: small }, content.contactLine) : null,
          h(
            c.Text,
            { style: small },
            h(c.Link, { href: content.unsubscribeUrl, style: footerLink }, "Unsubscribe"),
            " \u00b7 ",
            h(c.Link, { href: content.manageUrl, style: footerLink }, "Manage your subscription"),
          ),
        ),
      ),
    ),
  );
}
