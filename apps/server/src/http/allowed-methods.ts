import type { Context, Handler } from "hono";
import type { AppEnv } from "./app-env";
import { handleApiNotFound } from "./middleware/error-handler";

/*
 * What an /api path allows, from the routes the router registered: an existing path asked
 * with a method it has no route for answers 405 with `Allow`, OPTIONS answers 204 with
 * `Allow` (and no CORS header: nothing cross-origin is opened), an unknown path 404.
 */

interface RegisteredRoute {
  method: string;
  path: string;
}

/** `/api/posts/:id` → a pattern matching one concrete path of it. */
function patternOf(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}/?$`);
}

/** The `Allow` value of each path: the methods of every route matching it, HEAD with GET, and OPTIONS. */
export function allowedMethodsOf(routes: readonly RegisteredRoute[]): (path: string) => string | undefined {
  const patterns = routes
    .filter((route) => route.method !== "ALL")
    .map((route) => ({ method: route.method.toUpperCase(), pattern: patternOf(route.path) }));
  return (path) => {
    const methods = new Set(patterns.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method));
    if (methods.size === 0) return undefined;
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...methods].join(", ");
  };
}

/** The last handler of /api: 204 to OPTIONS, 405 to another method of a known path, else 404. */
export function methodFallback(allowedMethods: (path: string) => string | undefined): Handler<AppEnv> {
  return (c) => {
    const allow = allowedMethods(c.req.path);
    if (!allow) return handleApiNotFound(c);
    c.header("Allow", allow);
    if (c.req.method === "OPTIONS") return c.body(null, 204);
    return c.json({ message: `${c.req.method} is not allowed here. Allowed: ${allow}` }, 405);
  };
}

/*
 * Pages take GET, HEAD and a form's POST; any other method is answered here, before React
 * Router (whose actions read form data and would fail on a PATCH). Which pages take a form is
 * known only once the route is matched, so a POST to a page without one answers React
 * Router's 405, which gets `Allow: GET, HEAD`.
 */
const PAGE_METHODS = "GET, HEAD, POST";

export function refuseOtherPageMethods(c: Context<AppEnv>): Response | undefined {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "POST") return undefined;
  c.header("Allow", PAGE_METHODS);
  if (method === "OPTIONS") return c.body(null, 204);
  return c.text(`${method} is not allowed here. Allowed: ${PAGE_METHODS}`, 405);
}

export function allowOnRefusedForm(response: Response): Response {
  if (response.status === 405 && !response.headers.has("Allow")) response.headers.set("Allow", "GET, HEAD");
  return response;
}
