import { isUuid } from "@broadsheet/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterLinkClicks, newsletterSends } from "../../db/schema";

/*
 * Tracking, off unless an admin turns it on (docs/product/newsletter-mail.md): each link of a
 * tracked send goes through /newsletters/click/{send}/{position}, which counts and redirects to
 * the address stored for that position, and never anywhere else (no open redirect); a 1×1
 * image /newsletters/open/{send}.gif counts opens, an estimate (images blocked, privacy proxies
 * fetching every image).
 */

export const newsletterClickPath = (sendId: string, position: number) => `/newsletters/click/${sendId}/${position}`;
export const newsletterOpenPath = (sendId: string) => `/newsletters/open/${sendId}.gif`;

const LINK = /(<a\b[^>]*?\shref=")(https?:\/\/[^"]*)(")/gi;
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The mail's http(s) links replaced by click links, numbered in the order they appear, and the
 * addresses by number (the recipient's own links are placeholders, not http: they stay).
 */
export function rewriteLinks(html: string, publicUrl: string, sendId: string) {
  const links: { position: number; url: string }[] = [];
  const rewritten = html.replace(LINK, (_whole, before: string, href: string, after: string) => {
    const position = links.length + 1;
    links.push({ position, url: unescapeAttribute(href) });
    return `${before}${publicUrl}${newsletterClickPath(sendId, position)}${after}`;
  });
  return { html: rewritten, links };
}

/** The open pixel, last in the body. */
export function withOpenPixel(html: string, publicUrl: string, sendId: string): string {
  const pixel = `<img src="${publicUrl}${newsletterOpenPath(sendId)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const end = html.lastIndexOf("</body>");
  return end < 0 ? `${html}${pixel}` : `${html.slice(0, end)}${pixel}${html.slice(end)}`;
}

const POSITION = /^\d{1,4}$/;

export function createNewsletterTracking(db: Database) {
  return {
    /** Keeps the addresses of a tracked send's links (a render of the same story keeps the first). */
    async registerLinks(sendId: string, links: { position: number; url: string }[]): Promise<void> {
      if (links.length === 0) return;
      await db
        .insert(newsletterLinkClicks)
        .values(links.map((link) => ({ sendId, position: link.position, url: link.url })))
        .onConflictDoNothing();
    },

    /** Counts a click and answers where it goes; null for a link no tracked send has. */
    async click(sendId: string, position: string): Promise<string | null> {
      if (!isUuid(sendId) || !POSITION.test(position)) return null;
      const [row] = await db
        .update(newsletterLinkClicks)
        .set({ clicks: sql`${newsletterLinkClicks.clicks} + 1` })
        .where(and(eq(newsletterLinkClicks.sendId, sendId), eq(newsletterLinkClicks.position, Number(position))))
        .returning({ url: newsletterLinkClicks.url });
      return row?.url ?? null;
    },

    /** Counts an open of a send (an estimate); an unknown send counts nothing. */
    async open(sendId: string): Promise<void> {
      if (!isUuid(sendId)) return;
      await db
        .update(newsletterSends)
        .set({ opens: sql`${newsletterSends.opens} + 1` })
        .where(eq(newsletterSends.id, sendId));
    },
  };
}

export type NewsletterTracking = ReturnType<typeof createNewsletterTracking>;
