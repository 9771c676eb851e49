import { isStaff, PUBLIC_PAGE_CACHE_CONTROL, READER_SHELL_COOKIE } from "@broadsheet/domain";
import type { Context, MiddlewareHandler, Next } from "hono";
import { getCookie } from "hono/cookie";
import type { CachedPage } from "../../services/page-cache";
import type { PersonalPaths, PublicPagesService } from "../../services/public-pages.service";
import type { SessionsService } from "../../services/sessions.service";
import type { AppEnv } from "../app-env";
import { hasSessionCookie, resolveRequestSession } from "./session";

// The server's own namespaces: never pages. Which pages are public is the web app's call.
const SERVER_PATHS = /^\/(api|media|assets)\//;
// Pages and their client-navigation data; feeds and sitemaps carry their own Cache-Control.
const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;
const PRIVATE_CACHE_CONTROL = "private, no-cache";

export function isPagePath(path: string): boolean {
  return !SERVER_PATHS.test(path);
}

/** A page its route declared the same for every anonymous reader (PUBLIC_PAGE_CACHE_CONTROL). */
export function isPublicPage(response: Response): boolean {
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
 * A logged-in reader whose browser runs the page's scripts (it set READER_SHELL_COOKIE)
 * asking for a page document, not a client navigation's data: they may get the page every
 * such reader shares, and their own state from GET /api/users/viewer-state (decision 016).
 * Without JavaScript, and for staff, the page is rendered for them alone.
 */
async function sharesReaderShell(
  c: Context<AppEnv>,
  sessions: SessionsService,
  personalPaths: PersonalPaths,
): Promise<boolean> {
  const path = c.req.path;
  if (getCookie(c, READER_SHELL_COOKIE) !== "1" || path.endsWith(".data") || personalPaths.has(path)) return false;
  const { user } = await resolveRequestSession(c, sessions);
  return user !== null && !isStaff(user.role);
}

/**
 * Anonymous readers get public pages from memory, without touching React or the
 * database; so do logged-in readers with JavaScript, from a second copy rendered for
 * "a reader". Everyone else gets a fresh render with their own state, marked private
 * whatever the route declared.
 */
export function publicPageCache(pages: PublicPagesService, sessions: SessionsService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isPagePath(c.req.path)) return next();
    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    if (!hasSessionCookie(c)) return serveShared(c, next, pages, key, "public");
    if (await sharesReaderShell(c, sessions, pages.personalPaths)) {
      c.set("readerShell", true);
      return serveShared(c, next, pages, key, "reader");
    }
    await next();
    c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  };
}

/** A page from the cache (or rendered into it); pages the route did not declare public go out as rendered. */
async function serveShared(
  c: Context<AppEnv>,
  next: Next,
  pages: PublicPagesService,
  key: string,
  audience: "public" | "reader",
): Promise<void> {
  let renderedHere = false;
  const cache = audience === "public" ? pages.cache : pages.readerCache;
  const { page, hit } = await cache.getOrRender(key, async () => {
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
    if (audience === "reader") c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return;
  }
  // Assigned, not returned: after next() Hono keeps c.res and ignores a returned response.
  c.res = respondWithPage(c, page, hit, audience);
  // Hono copies the render's headers onto an assigned response: its public Cache-Control too.
  c.res.headers.set("Cache-Control", cacheControlFor(audience));
}

function cacheControlFor(audience: "public" | "reader"): string {
  return audience === "public" ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}

function respondWithPage(c: Context<AppEnv>, page: CachedPage, hit: boolean, audience: "public" | "reader"): Response {
  const headers = new Headers(page.headers);
  // The reader copy is the same for every reader, but only logged-in readers may have it: never in a shared cache.
  headers.set("Cache-Control", cacheControlFor(audience));
  if (audience === "reader") headers.set("X-Page-Audience", "reader");
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
