import { ACCOUNT_MESSAGES } from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import { forbidden } from "../../errors";
import type { AppEnv } from "../app-env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence (DESIGN.md §6): a state-changing request that a browser says came from
 * another site is refused. Requests without these headers (curl, server-to-server) pass;
 * the SameSite=Lax cookie already keeps cross-site forms from carrying a session.
 */
export function sameOrigin(publicUrl: string): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const fetchSite = c.req.header("sec-fetch-site");
      const origin = c.req.header("origin");
      const requestOrigin = new URL(c.req.url).origin;
      if (fetchSite === "cross-site") throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
      if (origin && origin !== publicOrigin && origin !== requestOrigin) {
        throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
      }
    }
    await next();
  };
}
