import { ACCOUNT_MESSAGES } from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import { forbidden } from "../../errors";
import type { AppEnv } from "../app-env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence (docs/product.md#sessions): a state-changing request that a browser says came from
 * another site, or whose Origin is not the site's public origin, is refused. Requests
 * without these headers (curl, server-to-server) pass; the SameSite=Lax cookie already
 * keeps cross-site forms from carrying a session.
 */
export function sameOrigin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      if (c.req.header("sec-fetch-site") === "cross-site") throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
      const origin = c.req.header("origin");
      if (origin && origin !== c.get("publicOrigin")) throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
    }
    await next();
  };
}
