import { PUBLIC_PAGE_CACHE_CONTROL } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import type { CachedPage } from "../../services/page-cache";
import type { PublicPagesService } from "../../services/public-pages.service";
import type { AppEnv } from "../app-env";
import { hasSessionCookie } from "./session";

// The server's own namespaces: never pages. Which pages are public is the web app's call.
const SERVER_PATHS = /^\/(api|media|assets)\//;
// Pages and their client-navigation data; feeds and sitemaps carry their own Cache-Control.
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const PRIVATE_CACHE_CONTROL = "private, no-cache";

export function isPagePath(path: string): boolean {
  return !SERVER_PATHS.test(path);
}

/** A page its route declared the same for every anonymous reader (PUBLIC_PAGE_CACHE_CONTROL). */
function isPublicPage(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 &&
    response.headers.get("cache-control") === PUBLIC_PAGE_CACHE_CONTROL &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("content-encoding") &&
    CACHEABLE_TYPES.test(type)
  );
}

/**
 * Anonymous readers get public pages from memory, without touching React or the
 * database; logged-in readers always get a fresh render with their own state, marked
 * private whatever the route declared.
 */
export function publicPageCache(pages: PublicPagesService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isPagePath(c.req.path)) return next();
    if (hasSessionCookie(c)) {
      await next();
      c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      return;
    }

    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    let renderedHere = false;
    const { page, hit } = await pages.cache.getOrRender(key, async () => {
      renderedHere = true;
      await next();
      const response = c.res;
      if (!isPublicPage(response)) return null;
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
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
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
