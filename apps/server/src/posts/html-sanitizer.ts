import { IMAGE_SCHEMES, LINK_SCHEMES, parseMediaPath } from "@broadsheet/domain";
import sanitizeHtml from "sanitize-html";
import { canonicalEmbeds, EMBED_TITLE_MAX } from "./embed-markup";

/*
 * docs/product.md#11-security: editor HTML is sanitised on write with an allowlist. Scripts, event
 * handlers, styles and javascript: URLs never survive; links open safely. Images load only
 * from absolute http(s) URLs or this site's /media/, and nothing may point at an /api/ path
 * (an <img src="/api/users/logout"> would act with every reader's cookie).
 */
// Relative URLs are resolved as the post page would resolve them, so ../api/… is caught too.
const PAGE_BASE = "http://site.invalid/page/post";

function resolvedPath(url: string): string | undefined {
  try {
    return new URL(url, PAGE_BASE).pathname.toLowerCase();
  } catch {
    return undefined;
  }
}

function pointsAtApi(url: string): boolean {
  const path = resolvedPath(url.trim());
  return path === undefined || path === "/api" || path.startsWith("/api/");
}

function isAllowedImageSource(src: string | undefined): boolean {
  const value = src?.trim() ?? "";
  if (pointsAtApi(value)) return false;
  return /^https?:\/\//i.test(value) || /^\/media\/[^/]/.test(value);
}
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "strike",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
    "figure",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    // Only an embed's: the shared address, the provider's title and this site's copy of its still (decision 077).
    figure: ["data-url", "data-title", "data-thumbnail"],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(href !== undefined && !pointsAtApi(href) ? { href } : {}),
        rel: "noopener noreferrer nofollow",
        ...(attribs.target ? { target: "_blank" } : {}),
      },
    }),
    figure: (tagName, { "data-thumbnail": thumbnail, "data-title": title, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(title ? { "data-title": title.slice(0, EMBED_TITLE_MAX) } : {}),
        ...(thumbnail && parseMediaPath(thumbnail) ? { "data-thumbnail": thumbnail } : {}),
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSource(frame.attribs.src),
};

// The parser reads everything after these openings as their text until their closing tag.
const RAW_TEXT_TAGS = ["script", "style", "textarea", "title", "xmp"];
const RAW_TEXT_OPENING = new RegExp(`<(${RAW_TEXT_TAGS.join("|")})(?=[\\s/>])[^>]*>`, "gi");

/** Where the last `</tag` followed by a space, `/` or `>` starts in `lower`, or -1. */
function lastClosingOf(lower: string, tag: string): number {
  const closing = `</${tag}`;
  for (let at = lower.lastIndexOf(closing); at >= 0; at = lower.lastIndexOf(closing, at - 1)) {
    if (/[\s/>]/.test(lower.charAt(at + closing.length))) return at;
    if (at === 0) break;
  }
  return -1;
}

/**
 * Closes a raw-text element that is never closed right after its opening, so the text that
 * follows stays text instead of being swallowed (and dropped) with the element. One pass:
 * an opening is left alone when a closing of its tag comes after it.
 */
function closeUnclosedRawText(html: string): string {
  const lower = html.toLowerCase();
  const lastClosing = new Map(RAW_TEXT_TAGS.map((tag) => [tag, lastClosingOf(lower, tag)]));
  return html.replace(RAW_TEXT_OPENING, (opening: string, tag: string, offset: number) =>
    offset < (lastClosing.get(tag.toLowerCase()) ?? -1) ? opening : `${opening}</${tag}>`,
  );
}

/**
 * The stored form of editor HTML: the allowlist, then every embed (a figure with its address, a
 * paragraph holding only a provider's address) written as the one placeholder element.
 */
export function sanitizeRichText(html: string): string {
  return canonicalEmbeds(sanitizeHtml(closeUnclosedRawText(html), RICH_TEXT_OPTIONS)).trim();
}
