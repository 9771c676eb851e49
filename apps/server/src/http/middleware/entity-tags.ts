import type { MiddlewareHandler } from "hono";
import { entityTag } from "../../caching";
import type { AppEnv } from "../app-env";
import { isPagePath } from "./page-cache";

// Pages, their navigation data, feeds, sitemaps, robots.txt, the manifest: text whose bytes are
// already whole in memory. Media and hashed assets are files with validators of their own.
const TAGGED_TYPES = /^(text\/|application\/([\w.+-]*\+)?(xml|json)\b)/i;

/**
 * A weak ETag for a GET answer the page cache did not tag (a page not cached or rendered for
 * one reader, a feed, a sitemap), hashed from its body, so the same page rendered again has
 * the same tag and a revalidation can be answered 304.
 */
export function entityTags(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    const response = c.res;
    if (
      (method !== "GET" && method !== "HEAD") ||
      response.status !== 200 ||
      !response.body ||
      !isPagePath(c.req.path) ||
      response.headers.has("etag") ||
      response.headers.has("content-encoding") ||
      !TAGGED_TYPES.test(response.headers.get("content-type") ?? "")
    ) {
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set("ETag", entityTag(body));
    // Cleared first, so Hono does not copy the old answer's headers onto the new one.
    c.res = undefined;
    c.res = new Response(body, { status: response.status, headers });
  };
}
