import type { HonoRequest, MiddlewareHandler } from "hono";

/*
 * Conditional GET and HEAD (RFC 9110 §13): an answer whose validators (ETag, Last-Modified)
 * show the client already has it becomes a 304 without a body. Generic: pages, feeds and
 * sitemaps get it from whatever validators their answer carries.
 */

interface Preconditions {
  ifNoneMatch: string | null | undefined;
  ifModifiedSince: string | null | undefined;
}

// Representation metadata a 304 leaves out; the CSP goes too: it names the hashes of the inline
// scripts of a body, and the client keeps the one that came with the body it has.
const NOT_IN_304 = [
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "content-security-policy",
];

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether a GET or HEAD with these preconditions may be answered 304 for an answer with `headers`. */
export function isNotModified(request: Preconditions, headers: Headers | Record<string, string>): boolean {
  const read = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? undefined;
  const etag = read("etag");
  if (request.ifNoneMatch) {
    // If-None-Match decides alone when sent; tags compare weakly (a gzip copy is the same page).
    if (!etag) return false;
    const tags = request.ifNoneMatch.split(",");
    return tags.some((tag) => tag.trim() === "*" || opaqueTag(tag) === opaqueTag(etag));
  }
  const lastModified = Date.parse(read("last-modified") ?? "");
  const since = Date.parse(request.ifModifiedSince ?? "");
  return !Number.isNaN(lastModified) && !Number.isNaN(since) && lastModified <= since;
}

/** The headers of a 304 for an answer with `headers`: its validators, caching rules and Vary. */
export function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers(headers);
  for (const name of NOT_IN_304) kept.delete(name);
  return kept;
}

/** Whether this request's answer `response` goes out as a 304. */
export function answersNotModified(request: HonoRequest, response: Response): boolean {
  if ((request.method !== "GET" && request.method !== "HEAD") || response.status !== 200) return false;
  const preconditions = {
    ifNoneMatch: request.header("if-none-match"),
    ifModifiedSince: request.header("if-modified-since"),
  };
  return isNotModified(preconditions, response.headers);
}

export function conditionalRequests(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!answersNotModified(c.req, c.res)) return;
    const headers = notModifiedHeaders(c.res.headers);
    await c.res.body?.cancel();
    // Cleared first, so Hono does not copy the full answer's headers back onto the 304.
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
  };
}
