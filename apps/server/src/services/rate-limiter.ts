import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { rateLimited } from "../errors";
import { connectRedis } from "./redis-connection";

/**
 * Rate limits on rate-limiter-flexible (decision 009): each check consumes its point
 * atomically in the store before the work it guards, so concurrent requests are counted
 * one by one. Redis when REDIS_URL is set, else the PostgreSQL table rate_limits when
 * instances share a DATABASE_URL, else this process's memory (the embedded database has
 * one process).
 */
export type RateLimitBackend = { kind: "memory" } | { kind: "redis"; url: string } | { kind: "database"; db: Database };

export interface RateLimitRule {
  name: string;
  points: number;
  durationSec: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/*
 * Limits per DESIGN.md §8 and issue 12. Login is limited per account and client (guessing
 * one account from one place), per client (all accounts; argon2 work), and per account
 * from everywhere, where only clients the owner has signed in from get past the limit.
 */
export const RATE_LIMITS = {
  loginPerAccountAndClient: { name: "login-account-client", points: 10, durationSec: 15 * MINUTE },
  loginPerClient: { name: "login-client", points: 100, durationSec: 15 * MINUTE },
  loginPerAccount: { name: "login-account", points: 50, durationSec: HOUR },
  /** Not a limit: clients an account has signed in from lately pass its per-account limit. */
  // 14 days: the memory store keeps keys with setTimeout, which cannot wait past 24.8 days.
  knownLoginClient: { name: "login-known-client", points: 1, durationSec: 14 * 24 * HOUR },
  registerPerClient: { name: "register-client", points: 100, durationSec: 15 * MINUTE },
  forgotPasswordPerClient: { name: "forgot-client", points: 20, durationSec: 15 * MINUTE },
  forgotPasswordPerAddress: { name: "forgot-address", points: 5, durationSec: HOUR },
  uploadsPerClient: { name: "upload-client", points: 120, durationSec: 10 * MINUTE },
  commentsPerClient: { name: "comment-client", points: 60, durationSec: 10 * MINUTE },
  sharesPerClient: { name: "share-client", points: 60, durationSec: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export function createRateLimiter(backend: RateLimitBackend) {
  const redis = backend.kind === "redis" ? connectRedis(backend.url, { maxRetriesPerRequest: 2 }) : undefined;
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiterFor(rule: RateLimitRule): RateLimiterAbstract {
    const known = limiters.get(rule.name);
    if (known) return known;
    const options = { keyPrefix: `broadsheet:${rule.name}`, points: rule.points, duration: rule.durationSec };
    // A store that fails (Redis or the database briefly away) falls back to this process's memory.
    const insuranceLimiter = new RateLimiterMemory(options);
    let limiter: RateLimiterAbstract;
    if (redis) limiter = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter });
    else if (backend.kind === "database")
      limiter = new RateLimiterDrizzle({ ...options, storeClient: backend.db, schema: rateLimits, insuranceLimiter });
    else limiter = insuranceLimiter;
    limiters.set(rule.name, limiter);
    return limiter;
  }

  const keyOf = (subject: string) => subject.toLowerCase();

  return {
    /** Takes one point; past the limit it throws 429 (and the point still counts). */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      try {
        await limiterFor(rule).consume(keyOf(subject));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(undefined, rejection.msBeforeNext);
        throw rejection;
      }
    },
    /** Gives back a point taken by consume (the guarded work turned out fine). */
    async refund(rule: RateLimitRule, subject: string): Promise<void> {
      await limiterFor(rule).reward(keyOf(subject));
    },
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await limiterFor(rule).delete(keyOf(subject));
    },
    /** Points used in the current window. */
    async used(rule: RateLimitRule, subject: string): Promise<number> {
      return (await limiterFor(rule).get(keyOf(subject)))?.consumedPoints ?? 0;
    },
    /** Sets the subject's count to `points` for a whole window (tests, and remembering known clients). */
    async set(rule: RateLimitRule, subject: string, points: number): Promise<void> {
      await limiterFor(rule).set(keyOf(subject), points, rule.durationSec);
    },
    async close(): Promise<void> {
      await redis?.quit();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
