import { parseMediaPath } from "./media-paths";

/*
 * What article content may point at: the server's sanitiser keeps only these schemes, and the
 * editor refuses anything else before it is saved.
 */

/** Schemes a link may use. */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;
/** Schemes an image's address may use (or it is an upload of this site). */
export const IMAGE_SCHEMES = ["http", "https"] as const;

function schemeOf(value: string): string | null {
  try {
    return new URL(value).protocol.slice(0, -1);
  } catch {
    return null;
  }
}

/** Whether a link in content may point there: http, https, mailto or tel, nothing else. */
export function isAllowedLink(value: string | null | undefined): boolean {
  if (!value) return false;
  const scheme = schemeOf(value.trim());
  return scheme !== null && (LINK_SCHEMES as readonly string[]).includes(scheme);
}

/** Whether an image in content may come from there: uploaded to this site, or on the web over http(s). */
export function isAllowedImageAddress(value: string): boolean {
  if (parseMediaPath(value)) return true;
  const scheme = schemeOf(value);
  return scheme !== null && (IMAGE_SCHEMES as readonly string[]).includes(scheme);
}
