/**
 * Shortens `text` to at most `max` characters, appending "..." only when it was longer
 * (docs/product.md#8-validation-and-messages).
 */
export function shortenText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * A whole number with commas between thousands (12,345), as `toLocaleString("en")` writes it.
 * Written out: a browser's first number format loads its locale data, 15–30 ms on a phone's
 * main thread (decision 032).
 */
export function groupThousands(value: number): string {
  const sign = value < 0 ? "-" : "";
  return (
    sign +
    Math.trunc(Math.abs(value))
      .toString()
      .replace(/\B(?=(\d{3})+$)/g, ",")
  );
}

/**
 * The slug of a text already in Latin letters (accents dropped, anything else removed): what
 * the reader pages use, so they carry no transliteration tables; `slugify` (content/slugs.ts)
 * transliterates first (decision 064).
 */
export function asciiSlug(text: string, fallback = "post"): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/**
 * A slug an editor typed or an imported site used, made safe for one path segment: lower case,
 * letters of any script and digits, single hyphens between; "" when nothing is left.
 * Percent-encoded input (WordPress keeps non-ASCII slugs encoded) is decoded first.
 */
export function normalizeSlug(input: string): string {
  let decoded = input;
  try {
    decoded = decodeURIComponent(input);
  } catch {
    // Not percent-encoding after all: the text as it is.
  }
  return decoded
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200)
    .replace(/-+$/g, "");
}

/** Visible text of an HTML fragment, tags removed and entities left as words; an embed's button is no text of the story. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|button)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes (at least 1) from the words of an HTML body. */
export function minuteRead(html: string): number {
  return minuteReadOfText(htmlToText(html));
}

/** The same from the body's text (htmlToText's), for a caller that has it already. */
export function minuteReadOfText(text: string): number {
  let words = text ? 1 : 0;
  for (let at = text.indexOf(" "); at !== -1; at = text.indexOf(" ", at + 1)) words++;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** "N min read" label shown on the post page. */
export function minuteReadLabel(minutes: number): string {
  return `${minutes} min read`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (the ids of every table); anything else is a slug or garbage. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
