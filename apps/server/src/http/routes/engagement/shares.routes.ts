import { ENGAGEMENT_MESSAGES, sharesApi } from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import { RATE_LIMITS } from "../../../rate-limits";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { clientKey } from "../../client-ip";

/** /api/shares (docs/product.md#7-api "Other"): shares feed the Hot widget, so they are bounded per client. */
export function sharesRoutes(services: Services) {
  const limitShares: MiddlewareHandler<AppEnv> = async (c, next) => {
    await services.rateLimiter.consume(RATE_LIMITS.sharesPerClient, clientKey(c));
    await next();
  };
  return apiRouter().openapi(routeOf(sharesApi.record, { before: [limitShares] }), async (c) => {
    await services.shares.recordShare(c.req.valid("json"));
    return c.json({ message: ENGAGEMENT_MESSAGES.shareRecorded }, 201);
  });
}
