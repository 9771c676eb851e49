import { createHash } from "node:crypto";

/**
 * A weak validator of a page's bytes. Weak: the same page compressed or not is one
 * representation to a cache. Of the bytes themselves, so one reader's page never matches another's.
 */
export function entityTag(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}
