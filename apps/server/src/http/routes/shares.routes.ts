import { ENGAGEMENT_MESSAGES, ShareInputSchema } from "@broadsheet/domain";
import { Hono } from "hono";
import type { Services } from "../../services";
import { RATE_LIMITS } from "../../services/rate-limiter";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { clientKey } from "../client-ip";

/** /api/shares (SPEC.md §7 "Other"): public; body { postId (slug or id), platform }. Shares feed the Hot widget: bounded per client. */
export function sharesRoutes(services: Services) {
  return new Hono<AppEnv>().post("/", async (c) => {
    await services.rateLimiter.consume(RATE_LIMITS.sharesPerClient, clientKey(c));
    const input = await readJsonInput(c, ShareInputSchema);
    await services.shares.recordShare(input);
    return c.json({ message: ENGAGEMENT_MESSAGES.shareRecorded }, 201);
  });
}
