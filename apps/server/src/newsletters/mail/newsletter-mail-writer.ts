import {
  isUuid,
  newsletterDisplayName,
  newsletterManagePath,
  newsletterUnsubscribePath,
  postPath,
  SEND_MESSAGES,
  type Settings,
} from "@broadsheet/domain";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletters, postCoauthors, posts, siteSettings, users } from "../../db/schema";
import { notFound } from "../../errors";
import { imageSizesOf } from "../../media";
import type {
  NewsletterMailWriter,
  NewsletterRecipient,
  RecipientMail,
  RenderedNewsletter,
} from "../newsletter-mail-contract";
import { embedCard } from "./embeds";
import { type MailLayoutContent, mailDocument } from "./mail-layout";
import { embedCardHtml, escapeAttribute, mailImageUrl, mailSafeHtml } from "./mail-safe-html";
import { MAIL_WIDTH } from "./mail-stylesheet";
import { mailText } from "./mail-text";
import { type NewsletterTracking, rewriteLinks, withOpenPixel } from "./mail-tracking";

/*
 * The newsletter mail (issue 42, docs/product/newsletter-mail.md, decision 074): a story is
 * rendered once per send and newsletter (React and the body's conversion run once), and each
 * recipient's mail is that text with their own links put in by string replacement, so a send to
 * 100,000 addresses renders once, not 100,000 times.
 */

export interface NewsletterMailWriterDeps {
  db: Database;
  settings: { getSettings(): Promise<Settings> };
  tracking: NewsletterTracking;
  /** config.publicUrl: every link of the mail is absolute from it. */
  publicUrl: string;
  /** config.mailFrom ("Name <address>" or an address): the sender address when the newsletter has none. */
  mailFrom: string;
}

// Only letters and underscores: nothing in them is escaped by React or changed by html-to-text.
const UNSUBSCRIBE_PLACEHOLDER = "__BROADSHEET_UNSUBSCRIBE_URL__";
const MANAGE_PLACEHOLDER = "__BROADSHEET_MANAGE_URL__";

/** A header value of our own words: one line, without the characters that delimit its parts. */
const headerText = (value: string) =>
  value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/[<>"]/g, "")
    .trim();

/** The address of "Name <address>" or of a bare address. */
export function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** "By A", "By A and B", "By A, B and C". */
export function bylineOf(names: string[]): string {
  const named = names.filter((name) => name.trim() !== "");
  if (named.length === 0) return "";
  if (named.length === 1) return `By ${named[0]}`;
  return `By ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

export function createNewsletterMailWriter(deps: NewsletterMailWriterDeps): NewsletterMailWriter {
  const { db, publicUrl } = deps;
  const host = new URL(publicUrl).hostname;
  // Loaded by the first render: most processes never write a newsletter, and React Email with
  // React's server renderer costs some 40 MB.
  let libraries:
    | Promise<{
        components: typeof import("@react-email/components");
        render: typeof import("@react-email/render").render;
        convert: typeof import("html-to-text").convert;
      }>
    | undefined;
  const loadLibraries = async () => {
    const [components, { render }, { convert }] = await Promise.all([
      import("@react-email/components"),
      import("@react-email/render"),
      import("html-to-text"),
    ]);
    return { components, render, convert };
  };

  async function loadPost(postId: string) {
    if (!isUuid(postId)) throw notFound(SEND_MESSAGES.postNotFound);
    const [post] = await db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        excerpt: posts.excerpt,
        content: posts.content,
        link: posts.link,
        images: posts.images,
        imageAlts: posts.imageAlts,
        isPublished: posts.isPublished,
        scheduledAt: posts.scheduledAt,
        author: users.name,
      })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, postId));
    if (!post) throw notFound(SEND_MESSAGES.postNotFound);
    const coauthors = await db
      .select({ name: users.name })
      .from(postCoauthors)
      .innerJoin(users, eq(users.id, postCoauthors.userId))
      .where(eq(postCoauthors.postId, postId))
      .orderBy(asc(postCoauthors.position));
    return { ...post, names: [post.author ?? "", ...coauthors.map((row) => row.name)] };
  }

  async function loadNewsletter(newsletterId: string | undefined) {
    if (newsletterId !== undefined && !isUuid(newsletterId)) {
      throw notFound(SEND_MESSAGES.newsletterUnknown.replace("%s", newsletterId));
    }
    const [newsletter] = await db
      .select()
      .from(newsletters)
      .where(newsletterId ? eq(newsletters.id, newsletterId) : eq(newsletters.isDefault, true))
      .limit(1);
    if (!newsletter) throw notFound(SEND_MESSAGES.newsletterUnknown.replace("%s", newsletterId ?? "default"));
    return newsletter;
  }

  async function leadImageOf(post: { images: string[]; imageAlts: string[] }, pageUrl: string) {
    const src = post.images[0];
    const url = src ? mailImageUrl(src, pageUrl) : undefined;
    if (!src || !url) return null;
    const [size] = await imageSizesOf(db, [src]);
    const height = size ? Math.round((MAIL_WIDTH * size.height) / size.width) : null;
    return { url, width: MAIL_WIDTH, height, alt: post.imageAlts[0] ?? "" };
  }

  async function render(
    postId: string,
    newsletterId: string | undefined,
    options?: { tracking?: { sendId: string } },
  ): Promise<RenderedNewsletter> {
    const [post, newsletter, site, [stored]] = await Promise.all([
      loadPost(postId),
      loadNewsletter(newsletterId),
      deps.settings.getSettings(),
      db.select({ postalAddress: siteSettings.postalAddress }).from(siteSettings).limit(1),
    ]);
    const pageUrl = `${publicUrl}${postPath(post.slug)}`;
    const newsletterName = newsletterDisplayName(newsletter.name, site.siteName);
    // A story sent only by e-mail has no page a reader could open (yet).
    const onTheWeb = post.isPublished || post.scheduledAt !== null;
    const video = post.link ? embedCard(post.link) : null;
    const content: MailLayoutContent = {
      siteName: site.siteName,
      siteUrl: `${publicUrl}/`,
      logoUrl: site.logo ? (mailImageUrl(site.logo, `${publicUrl}/`) ?? null) : null,
      title: post.title,
      byline: bylineOf(post.names),
      standfirst: post.excerpt.trim(),
      leadImage: await leadImageOf(post, pageUrl),
      bodyHtml: mailSafeHtml(`${video ? embedCardHtml(video) : ""}${post.content}`, { pageUrl }),
      readUrl: onTheWeb ? pageUrl : null,
      newsletterName,
      contactLine:
        stored?.postalAddress.trim() ||
        [site.contactEmail, site.contactPhone].filter((part) => part !== "").join(" · "),
      unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
      manageUrl: MANAGE_PLACEHOLDER,
    };
    libraries ??= loadLibraries();
    const { components, render: renderReact, convert } = await libraries;
    let html = await renderReact(mailDocument(components, content));
    const text = mailText(convert, content);
    const sendId = options?.tracking?.sendId;
    if (sendId) {
      const tracked = rewriteLinks(html, publicUrl, sendId);
      await deps.tracking.registerLinks(sendId, tracked.links);
      html = withOpenPixel(tracked.html, publicUrl, sendId);
    }

    const senderAddress = newsletter.senderEmail || addressOf(deps.mailFrom);
    const unsubscribeMailto = `mailto:${site.contactEmail || senderAddress}?subject=unsubscribe`;
    const listId = `${headerText(newsletterName)} <${newsletter.slug}.${host}>`;
    const unsubscribeUrlOf = (recipient: NewsletterRecipient, recipientSendId: string | undefined) =>
      `${publicUrl}${newsletterUnsubscribePath(recipient.manageToken, recipientSendId)}`;
    const headersFor = (recipient: NewsletterRecipient, recipientSendId: string | undefined) => ({
      "List-Unsubscribe": `<${unsubscribeUrlOf(recipient, recipientSendId)}>, <${unsubscribeMailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": listId,
    });
    return {
      subject: post.title,
      from: { name: newsletter.senderName || site.siteName, address: senderAddress },
      replyTo: newsletter.replyTo || undefined,
      forRecipient(recipient: NewsletterRecipient, recipientSendId: string | undefined): RecipientMail {
        const unsubscribeUrl = unsubscribeUrlOf(recipient, recipientSendId);
        const manageUrl = `${publicUrl}${newsletterManagePath(recipient.manageToken)}`;
        return {
          html: html
            .replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeAttribute(unsubscribeUrl))
            .replaceAll(MANAGE_PLACEHOLDER, escapeAttribute(manageUrl)),
          text: text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl).replaceAll(MANAGE_PLACEHOLDER, manageUrl),
          headers: headersFor(recipient, recipientSendId),
        };
      },
      headersFor,
    };
  }

  return { render };
}
