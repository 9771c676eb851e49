import type { IncomingMessage, ServerResponse } from "node:http";
import { PUBLIC_PAGE_CACHE_CONTROL } from "@broadsheet/domain";
import type { PageCache } from "../services/page-cache";
import { isPagePath } from "./middleware/page-cache";
import { SESSION_COOKIE } from "./middleware/session";

/**
 * The hot path of a traffic spike: a cached page for an anonymous reader is written
 * straight to the socket, before Hono, React or the database see the request. Anything
 * else (a miss, a logged-in reader, a write) goes on to the app, which fills the cache.
 */
export function serveCachedPages(cache: PageCache) {
  const sessionCookie = `${SESSION_COOKIE}=`;
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0] ?? "/";
    if ((method !== "GET" && method !== "HEAD") || !isPagePath(path) || req.headers.cookie?.includes(sessionCookie)) {
      next();
      return;
    }
    const page = cache.get(url);
    if (!page) {
      next();
      return;
    }
    const headers: Record<string, string> = Object.fromEntries(page.headers);
    headers["cache-control"] = PUBLIC_PAGE_CACHE_CONTROL;
    headers.etag = page.etag;
    headers.vary = "Accept-Encoding, Cookie";
    headers["x-cache"] = "HIT";
    if (req.headers["if-none-match"] === page.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? page.gzipped : page.body;
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = String(body.length);
    res.writeHead(page.status, headers);
    res.end(method === "HEAD" ? undefined : body);
  };
}
