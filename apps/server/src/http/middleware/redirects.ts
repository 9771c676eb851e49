import type { MiddlewareHandler } from "hono";
import type { RedirectsService } from "../../redirects";
import type { AppEnv } from "../app-env";

// What never redirects: the API, the build's files, uploads, and React Router's data requests.
const UNREDIRECTED = /^\/(?:api|assets|media)(?:\/|$)|\.data$/;

/**
 * An old address answers its redirect (issue 41) before the page cache and the renderer:
 * a Map lookup in memory (redirects area), the stored target only, the request's query dropped.
 */
export function redirectOldAddresses(redirects: Pick<RedirectsService, "find">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || UNREDIRECTED.test(c.req.path)) return next();
    const url = new URL(c.req.url);
    const redirect = await redirects.find(`${url.pathname}${url.search}`);
    if (!redirect) return next();
    return new Response(null, {
      status: redirect.status,
      headers: { Location: redirect.to, "Cache-Control": redirect.status === 301 ? "public, max-age=300" : "no-store" },
    });
  };
}
