import type { IncomingMessage, ServerResponse } from "node:http";
import type { PageCache } from "../caching";
import { isNotModified, notModifiedHeaders } from "./middleware/conditional-requests";
import { cachedPageAnswer, isPagePath } from "./middleware/page-cache";
import { SESSION_COOKIE } from "./middleware/session";

/**
 * The hot path of a traffic spike: a cached page for an anonymous reader is written
 * straight to the socket, before Hono, React or the database see the request. Anything
 * else (a miss, a logged-in reader, a write) goes on to the app, which fills the cache.
 * A HEAD gets the GET's headers, a revalidation of the same page a 304.
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
    const acceptEncoding = req.headers["accept-encoding"];
    const { status, headers, body } = cachedPageAnswer(page, { acceptEncoding, audience: "public", state: "HIT" });
    const preconditions = {
      ifNoneMatch: req.headers["if-none-match"],
      ifModifiedSince: req.headers["if-modified-since"],
    };
    if (status === 200 && isNotModified(preconditions, headers)) {
      res.writeHead(304, Object.fromEntries(notModifiedHeaders(new Headers(headers)))).end();
      return;
    }
    res.writeHead(status, headers);
    res.end(method === "HEAD" ? undefined : body);
  };
}
