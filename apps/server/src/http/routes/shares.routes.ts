import { ENGAGEMENT_MESSAGES, ShareInputSchema } from "@broadsheet/domain";
import { Hono } from "hono";
import type { Config } from "../../config";
import type { Services } from "../../services";
import type { RateLimitRule } from "../../services/rate-limiter";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { clientIp } from "../client-ip";

/** Shares feed the Hot widget, and anyone may record one: bounded per client address. */
export const SHARES_PER_IP: RateLimitRule = { name: "share-ip", limit: 60, windowMs: 10 * 60_000 };

/** /api/shares (SPEC.md §7 "Other"): public; body { postId (slug or id), platform }. */
export function sharesRoutes(services: Services, config: Config) {
  return new Hono<AppEnv>().post("/", async (c) => {
    await services.rateLimiter.consume(SHARES_PER_IP, clientIp(c, config.trustProxy));
    const input = await readJsonInput(c, ShareInputSchema);
    await services.shares.recordShare(input);
    return c.json({ message: ENGAGEMENT_MESSAGES.shareRecorded }, 201);
  });
}
