import type { Context, MiddlewareHandler } from "hono";
import type { CachedPage } from "../../services/page-cache";
import type { PublicPagesService } from "../../services/public-pages.service";
import type { AppEnv } from "../app-env";
import { hasSessionCookie } from "./session";

// Pages that are personal, or not pages at all, are never cached.
const UNCACHED_PREFIXES = [
  "/api/",
  "/media/",
  "/assets/",
  "/admin",
  "/profile",
  "/readLater",
  "/login",
  "/register",
  "/reset",
  "/logout",
];
// Pages and their client-navigation data; feeds and sitemaps carry their own Cache-Control.
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
/** Shared caches (a CDN) may keep a page a minute and serve it stale while refreshing. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const PRIVATE_CACHE_CONTROL = "private, no-cache";

export function isCacheablePath(path: string): boolean {
  return !UNCACHED_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

/**
 * Anonymous readers get public pages from memory, without touching React or the
 * database; logged-in readers always get a fresh render with their own state.
 */
export function publicPageCache(pages: PublicPagesService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isCacheablePath(c.req.path)) return next();
    if (hasSessionCookie(c)) {
      await next();
      if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      return;
    }

    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    let renderedHere = false;
    const { page, hit } = await pages.cache.getOrRender(key, async () => {
      renderedHere = true;
      await next();
      const response = c.res;
      const type = response.headers.get("content-type") ?? "";
      if (response.status !== 200 || response.headers.has("set-cookie") || !CACHEABLE_TYPES.test(type)) return null;
      if (response.headers.has("content-encoding")) return null;
      const body = Buffer.from(await response.clone().arrayBuffer());
      const headers = [...response.headers.entries()].filter(
        ([name]) => !["content-length", "cache-control"].includes(name),
      );
      return { status: response.status, headers, body };
    });
    if (!page) {
      if (!renderedHere) await next();
      return;
    }
    // Assigned, not returned: after next() Hono keeps c.res and ignores a returned response.
    c.res = respondWithPage(c, page, hit);
  };
}

function respondWithPage(c: Context<AppEnv>, page: CachedPage, hit: boolean): Response {
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  headers.set("ETag", page.etag);
  headers.set("Vary", "Accept-Encoding, Cookie");
  headers.set("X-Cache", hit ? "HIT" : "MISS");
  if (c.req.header("if-none-match") === page.etag) return new Response(null, { status: 304, headers });
  const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  if (gzip) headers.set("Content-Encoding", "gzip");
  const body = gzip ? page.gzipped : page.body;
  headers.set("Content-Length", String(body.length));
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
}
