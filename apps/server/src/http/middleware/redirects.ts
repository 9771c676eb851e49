import type { MiddlewareHandler } from "hono";
import type { RedirectsService } from "../../redirects";
import type { AppEnv } from "../app-env";

// What never redirects: the API, the build's files, uploads.
const UNREDIRECTED = /^\/(?:api|assets|media)(?:\/|$)/;
// React Router's data request for a page: `/x.data` for `/x`, `/_root.data` for `/`.
const DATA_REQUEST = /(?:\/_root)?\.data$/;
// What React Router adds to a data request's query; the page's own address has none of it.
const DATA_REQUEST_PARAMS = ["_routes", "index"];

/**
 * An old address answers its redirect (issue 41) before the page cache and the renderer:
 * a Map lookup in memory (redirects area), the stored target only, the request's query dropped.
 * A client-side navigation asks for the page's data (`.data`): it gets the redirect the way
 * React Router's client follows one (204 + X-Remix-Redirect), so links to old addresses work
 * after hydration too.
 */
export function redirectOldAddresses(redirects: Pick<RedirectsService, "find">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || UNREDIRECTED.test(c.req.path)) return next();
    const url = new URL(c.req.url);
    const isDataRequest = DATA_REQUEST.test(url.pathname);
    if (isDataRequest) {
      url.pathname = url.pathname.replace(DATA_REQUEST, "") || "/";
      for (const param of DATA_REQUEST_PARAMS) url.searchParams.delete(param);
    }
    const redirect = await redirects.find(`${url.pathname}${url.search}`);
    if (!redirect) return next();
    if (isDataRequest) {
      return new Response(null, {
        status: 204,
        headers: {
          "X-Remix-Redirect": redirect.to,
          "X-Remix-Status": String(redirect.status),
          // Another site's address cannot be rendered by this app: the browser loads it.
          ...(/^https?:/i.test(redirect.to) && { "X-Remix-Reload-Document": "true" }),
          "Cache-Control": "no-store",
        },
      });
    }
    return new Response(null, {
      status: redirect.status,
      headers: { Location: redirect.to, "Cache-Control": redirect.status === 301 ? "public, max-age=300" : "no-store" },
    });
  };
}
