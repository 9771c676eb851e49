import { isStaff, PUBLIC_PAGE_CACHE_CONTROL, READER_SHELL_COOKIE } from "@broadsheet/domain";
import type { Context, MiddlewareHandler, Next } from "hono";
import { getCookie } from "hono/cookie";
import type { SessionsService } from "../../accounts";
import type { CachedPage, PersonalPaths, PublicPagesService, RenderedPage } from "../../caching";
import type { AppEnv } from "../app-env";
import { addVary } from "../vary";
import { chooseEncoding } from "./compression";
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
 * whatever the route declared. Every page answer varies by Cookie: a shared cache must
 * never give one audience's page to another.
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
    markPrivate(c.res);
    varyByCookie(c.res);
  };
}

/**
 * A page from the cache (or rendered into it); pages the route did not declare public go out
 * as rendered. A HEAD gets the page a GET would, but never stores or replaces a copy. When the
 * render fails or runs past its budget, the last copy answers if there is one (stale).
 */
async function serveShared(
  c: Context<AppEnv>,
  next: Next,
  pages: PublicPagesService,
  key: string,
  audience: Audience,
): Promise<void> {
  let renderedHere = false;
  const cache = audience === "public" ? pages.cache : pages.readerCache;
  const render = async (): Promise<RenderedPage | null> => {
    renderedHere = true;
    await next();
    const response = c.res;
    if (!isPublicPage(response)) return null;
    const body = Buffer.from(await response.clone().arrayBuffer());
    const headers = [...response.headers.entries()].filter(
      ([name]) => !["content-length", "cache-control", "vary"].includes(name),
    );
    return { status: response.status, headers, body };
  };
  const { page, hit } = await cache.getOrRender(key, render, { store: c.req.method !== "HEAD" });
  if (page) return answerWithPage(c, page, hit ? "HIT" : "MISS", audience);
  if (!renderedHere) await next();
  const stale = c.res.status >= 500 ? cache.getStale(key) : undefined;
  if (stale) return answerWithPage(c, stale, "STALE", audience);
  if (audience === "reader") markPrivate(c.res);
  varyByCookie(c.res);
}

/** For this reader alone: no shared cache keeps it (an answer kept by nobody stays so). */
function markPrivate(response: Response): void {
  if (response.headers.get("cache-control") !== "no-store")
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

type Audience = "public" | "reader";

function varyByCookie(response: Response): void {
  if (CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "")) addVary(response.headers, "Cookie");
}

/**
 * A cached page as one response sends it (here and at the socket, http/cached-page-listener.ts):
 * the copy in the client's encoding, compressed when it was stored, the page's ETag, and who may keep it.
 */
export function cachedPageAnswer(
  page: CachedPage,
  options: { acceptEncoding: string | undefined; audience: Audience; state: "HIT" | "MISS" | "STALE" },
): { status: number; headers: Record<string, string>; body: Buffer } {
  const encoding = chooseEncoding(options.acceptEncoding);
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.body;
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  // The reader copy is the same for every reader, but only logged-in readers may have it: never in a shared cache.
  headers["cache-control"] = options.audience === "public" ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
  if (options.audience === "reader") headers["x-page-audience"] = "reader";
  headers.etag = page.etag;
  headers.vary = "Accept-Encoding, Cookie";
  headers["x-cache"] = options.state;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  return { status: page.status, headers, body };
}

function answerWithPage(c: Context<AppEnv>, page: CachedPage, state: "HIT" | "MISS" | "STALE", audience: Audience) {
  const acceptEncoding = c.req.header("accept-encoding");
  const { status, headers, body } = cachedPageAnswer(page, { acceptEncoding, audience, state });
  // Cleared first: Hono would copy the render's headers (its public Cache-Control) onto the answer.
  c.res = undefined;
  // Assigned, not returned: after next() Hono keeps c.res and ignores a returned response.
  c.res = new Response(body, { status, headers });
}
