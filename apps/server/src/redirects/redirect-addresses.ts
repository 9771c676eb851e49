import { redirectKey } from "@broadsheet/domain";

/*
 * The two spellings of an address: the key a redirect is stored and found by (redirectKey:
 * decoded, no trailing slash) and the target a Location header carries (encoded, as a browser
 * sends it).
 */

// Any origin serves to resolve a path; only its path, query and fragment are kept.
const BASE = "http://site.invalid";

/** A target as the Location header carries it: a path of this site percent-encoded, or an absolute URL. */
export function targetOf(to: string): string {
  if (!to.startsWith("/")) return new URL(to).href;
  const url = new URL(to, BASE);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The key a target would be looked up by when it is itself an old address; null for another site. */
export function keyOfTarget(target: string): string | null {
  return target.startsWith("/") ? redirectKey(target.split("#", 1)[0] ?? target) : null;
}

/** How a redirect's target may spell the address `key`: a chain ending there is found by these. */
export function targetsNaming(key: string): string[] {
  const encoded = targetOf(key);
  return key.includes("?") || key === "/" ? [encoded] : [encoded, `${encoded}/`];
}
