import { LINK_SCHEMES, parseMediaPath } from "@broadsheet/domain";
import { DomUtils, parseDocument } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { type EmbedCard, embedCard } from "./embeds";
import { BODY_STYLES, MAIL_WIDTH } from "./mail-stylesheet";

/*
 * A post's body as a mail can show it (docs/product/newsletter-mail.md): the stored, sanitised
 * HTML is read again with a mail allowlist, every element gets its inline style, every link
 * and image an absolute address, every image a width no wider than the mail; players become
 * linked images or link cards; scripts, forms and tags a mail has no use for are dropped.
 */

/** The stored image sizes a body image's width is taken from when it has no width of its own. */
const IMAGE_WIDTH_ON_SITE = 640;
const EMBED_TAGS = ["iframe", "embed", "object", "video", "audio"];
// Dropped with everything inside them (other unknown tags leave their text).
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "form",
  "button",
  "select",
  "template",
  "svg",
  "math",
  "canvas",
  "head",
  "title",
  ...EMBED_TAGS,
];

export interface MailSafeOptions {
  /** The post page's absolute URL: relative links and images resolve against it. */
  pageUrl: string;
}

export const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A card's markup: the still as a link when there is one, then the named link. */
export function embedCardHtml(card: EmbedCard): string {
  const href = escapeAttribute(card.url);
  const label = escapeText(card.label);
  const still = card.image
    ? `<p><a href="${href}"><img src="${escapeAttribute(card.image)}" alt="${escapeAttribute(card.label)}" width="${MAIL_WIDTH}"></a></p>`
    : "";
  return `${still}<p><a href="${href}">\u25b6 ${label}</a></p>`;
}

/** Where an embed plays: its src, a <source>'s, or an <object>'s data. */
function embedSource(element: ReturnType<typeof DomUtils.getElementsByTagName>[number]): string | undefined {
  const own = element.attribs.src ?? element.attribs.data;
  if (own) return own;
  const source = DomUtils.findOne((node) => node.name === "source" && Boolean(node.attribs.src), element.children);
  return source?.attribs.src;
}

/** Replaces every player with its card (or nothing, when it plays nothing a reader could open). */
function replaceEmbeds(html: string, pageUrl: string): string {
  if (!/<(iframe|embed|object|video|audio)[\s>/]/i.test(html)) return html;
  const document = parseDocument(html);
  const embeds = DomUtils.findAll((node) => EMBED_TAGS.includes(node.name), document.children);
  const replaced = new Set<unknown>();
  for (const embed of embeds) {
    // An embed inside another (a <video> in an <object>) went with its parent (found first).
    if (hasAncestorIn(embed, replaced)) continue;
    replaced.add(embed);
    const source = embedSource(embed);
    const card = source ? embedCard(absoluteUrl(source, pageUrl) ?? "") : null;
    const poster = embed.attribs.poster ? absoluteUrl(embed.attribs.poster, pageUrl) : undefined;
    const markup = card
      ? embedCardHtml({ ...card, label: playerLabel(embed.name, card), image: card.image ?? poster ?? null })
      : "";
    // A copy: prepending moves each node out of the parsed document's list.
    for (const node of [...parseDocument(markup).children]) DomUtils.prepend(embed, node);
    DomUtils.removeElement(embed);
  }
  return DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/** A file played by the page's own player is named by what it is, not by the host it sits on. */
function playerLabel(tag: string, card: EmbedCard): string {
  if (!card.label.startsWith("Open on ")) return card.label;
  if (tag === "video") return "Watch the video";
  if (tag === "audio") return "Listen to the recording";
  return card.label;
}

function hasAncestorIn(node: { parent: unknown }, ancestors: Set<unknown>): boolean {
  for (let parent = node.parent; parent; parent = (parent as { parent: unknown }).parent) {
    if (ancestors.has(parent)) return true;
  }
  return false;
}

/** `value` resolved against the page; undefined when it is no URL. */
function absoluteUrl(value: string, pageUrl: string): string | undefined {
  try {
    return new URL(value.trim(), pageUrl).href;
  } catch {
    return undefined;
  }
}

/** An image's mail address: absolute, and a stored one at the size the site serves for this width. */
export function mailImageUrl(src: string, pageUrl: string): string | undefined {
  const url = absoluteUrl(src, pageUrl);
  if (!url) return undefined;
  const parsed = new URL(url);
  if (parsed.origin === new URL(pageUrl).origin && parseMediaPath(parsed.pathname) && !parsed.search) {
    parsed.search = `?w=${IMAGE_WIDTH_ON_SITE}`;
  }
  return parsed.href;
}

function imageAttributes(attribs: Record<string, string>, pageUrl: string): Record<string, string> {
  const src = attribs.src ? mailImageUrl(attribs.src, pageUrl) : undefined;
  const given = Number.parseInt(attribs.width ?? "", 10);
  // Small images (icons, charts drawn narrow) keep their width; anything else fills the column.
  const width = Number.isFinite(given) && given > 0 && given < MAIL_WIDTH ? given : MAIL_WIDTH;
  const style =
    width < MAIL_WIDTH
      ? BODY_STYLES.img?.replace("width:100%", `width:${width}px;max-width:100%`)
      : `${BODY_STYLES.img};max-width:${MAIL_WIDTH}px`;
  return {
    ...(src ? { src } : {}),
    alt: attribs.alt ?? "",
    ...(attribs.title ? { title: attribs.title } : {}),
    width: String(width),
    style: style ?? "",
  };
}

function linkAttributes(attribs: Record<string, string>, pageUrl: string): Record<string, string> {
  const href = attribs.href ? absoluteUrl(attribs.href, pageUrl) : undefined;
  return {
    ...(href ? { href } : {}),
    ...(attribs.title ? { title: attribs.title } : {}),
    style: BODY_STYLES.a ?? "",
  };
}

function mailOptions(pageUrl: string): sanitizeHtml.IOptions {
  return {
    allowedTags: Object.keys(BODY_STYLES),
    allowedAttributes: {
      a: ["href", "title", "style"],
      img: ["src", "alt", "title", "width", "style"],
      "*": ["style"],
    },
    allowedSchemes: [...LINK_SCHEMES],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: DROPPED_WITH_CONTENT,
    // Every element's style is the stylesheet's: whatever style the input had is replaced.
    transformTags: {
      "*": (tagName, attribs) => {
        if (tagName === "img") return { tagName, attribs: imageAttributes(attribs, pageUrl) };
        if (tagName === "a") return { tagName, attribs: linkAttributes(attribs, pageUrl) };
        const style = BODY_STYLES[tagName];
        return { tagName, attribs: style ? { style } : {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  };
}

/** The body of a post, ready for the mail. */
export function mailSafeHtml(html: string, { pageUrl }: MailSafeOptions): string {
  return sanitizeHtml(replaceEmbeds(html, pageUrl), mailOptions(pageUrl)).trim();
}
