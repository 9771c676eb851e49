import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { closeRedis, connectRedis } from "../caching";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { rateLimited } from "../errors";
import type { Logger } from "../logger";

/**
 * Rate limits on rate-limiter-flexible (decision 009): each check consumes its point
 * atomically in the store before the work it guards, so concurrent requests are counted
 * one by one. Redis when REDIS_URL is set, else the PostgreSQL table rate_limits when
 * instances share a DATABASE_URL, else this process's memory (the embedded database has
 * one process). A shared store that fails is stood in for by this process's memory, and
 * that is logged and shown by status() (decision 055).
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
 * Limits per docs/product.md#11-security and issue 12. Login is limited per account and client (guessing
 * one account from one place), per client (all accounts; argon2 work), and per account
 * from everywhere, where only clients the owner has signed in from get past the limit; that
 * one is short, so the owner is never kept out of a new address for long.
 */
export const RATE_LIMITS = {
  loginPerAccountAndClient: { name: "login-account-client", points: 10, durationSec: 15 * MINUTE },
  loginPerClient: { name: "login-client", points: 100, durationSec: 15 * MINUTE },
  // Five minutes: an attack from many addresses can keep the owner's new addresses out for no longer.
  loginPerAccount: { name: "login-account", points: 30, durationSec: 5 * MINUTE },
  /** Not a limit: clients an account has signed in from lately pass its per-account limit. */
  // 14 days: the memory store keeps keys with setTimeout, which cannot wait past 24.8 days.
  knownLoginClient: { name: "login-known-client", points: 1, durationSec: 14 * 24 * HOUR },
  /** Wrong passwords or codes when a signed-in account changes its password or turns two-factor off. */
  accountSecurityPerUser: { name: "account-security-user", points: 5, durationSec: 15 * MINUTE },
  registerPerClient: { name: "register-client", points: 100, durationSec: 15 * MINUTE },
  forgotPasswordPerClient: { name: "forgot-client", points: 20, durationSec: 15 * MINUTE },
  forgotPasswordPerAddress: { name: "forgot-address", points: 5, durationSec: HOUR },
  uploadsPerClient: { name: "upload-client", points: 120, durationSec: 10 * MINUTE },
  commentsPerClient: { name: "comment-client", points: 60, durationSec: 10 * MINUTE },
  sharesPerClient: { name: "share-client", points: 60, durationSec: 10 * MINUTE },
  /** "Send a test to me" in the editor: enough to check a story a few times, not a way to mail anyone a lot. */
  newsletterTestsPerUser: { name: "newsletter-test-user", points: 10, durationSec: 10 * MINUTE },
  /** Newsletter sign-ups (docs/product/subscribers.md): each may mail an address, so both are bounded. */
  subscribePerClient: { name: "subscribe-client", points: 20, durationSec: 15 * MINUTE },
  subscribePerAddress: { name: "subscribe-address", points: 3, durationSec: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Which store counts, and whether this process's memory stands in for it just now. */
export interface RateLimitStoreStatus {
  store: RateLimitBackend["kind"];
  /** From a store failure until the store answers again: limits are then counted per process. */
  fallingBack: boolean;
  /** Operations answered from this process's memory because the store failed. */
  fallbacks: number;
}

export function createRateLimiter(backend: RateLimitBackend, logger: Logger) {
  const redis = backend.kind === "redis" ? connectRedis(backend.url, { maxRetriesPerRequest: 2 }) : undefined;
  // A lost connection is reported once, by the fallback below, not at each reconnection attempt.
  redis?.on("error", () => undefined);
  // Once Redis has answered, or a command has already failed, a connection that is not ready
  // goes straight to the fallback: a command would otherwise wait through ioredis's
  // reconnection attempts, seconds per request (a login took about 40 s with Redis down at start).
  let redisConnected = false;
  redis?.once("ready", () => {
    redisConnected = true;
  });
  const redisLost = () => (redisConnected || status.fallingBack) && redis?.status !== "ready";
  const limiters = new Map<string, { store: RateLimiterAbstract; memory: RateLimiterMemory }>();
  const status: RateLimitStoreStatus = { store: backend.kind, fallingBack: false, fallbacks: 0 };

  function limitersFor(rule: RateLimitRule) {
    const known = limiters.get(rule.name);
    if (known) return known;
    const options = { keyPrefix: `broadsheet:${rule.name}`, points: rule.points, duration: rule.durationSec };
    const memory = new RateLimiterMemory(options);
    let store: RateLimiterAbstract = memory;
    if (redis) store = new RateLimiterRedis({ ...options, storeClient: redis });
    else if (backend.kind === "database")
      store = new RateLimiterDrizzle({ ...options, storeClient: backend.db, schema: rateLimits });
    const pair = { store, memory };
    limiters.set(rule.name, pair);
    return pair;
  }

  function storeAnswered() {
    if (!status.fallingBack) return;
    status.fallingBack = false;
    logger.info({ store: backend.kind }, "rate-limit store answers again: limits are shared again");
  }

  function storeFailed(error: unknown) {
    status.fallbacks++;
    if (status.fallingBack) return;
    status.fallingBack = true;
    logger.error(
      { err: error, store: backend.kind },
      "rate-limit store failed: limits are counted in this process's memory until it answers",
    );
  }

  /** Runs `work` on the shared store; if the store fails (Redis or the database briefly away), on this process's memory. */
  async function onStore<T>(rule: RateLimitRule, work: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const { store, memory } = limitersFor(rule);
    if (store === memory) return work(memory);
    try {
      if (redisLost()) throw new Error("the connection to Redis is lost");
      const result = await work(store);
      storeAnswered();
      return result;
    } catch (rejection) {
      // A RateLimiterRes is the store's answer "over the limit", not a failure.
      if (rejection instanceof RateLimiterRes) {
        storeAnswered();
        throw rejection;
      }
      storeFailed(rejection);
      return work(memory);
    }
  }

  const keyOf = (subject: string) => subject.toLowerCase();

  return {
    /** Takes one point; past the limit it throws 429 (and the point still counts). */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      try {
        await onStore(rule, (limiter) => limiter.consume(keyOf(subject)));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(undefined, rejection.msBeforeNext);
        throw rejection;
      }
    },
    /** Gives back a point taken by consume (the guarded work turned out fine). */
    async refund(rule: RateLimitRule, subject: string): Promise<void> {
      await onStore(rule, (limiter) => limiter.reward(keyOf(subject)));
    },
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await onStore(rule, (limiter) => limiter.delete(keyOf(subject)));
    },
    /** Points used in the current window. */
    async used(rule: RateLimitRule, subject: string): Promise<number> {
      return (await onStore(rule, (limiter) => limiter.get(keyOf(subject))))?.consumedPoints ?? 0;
    },
    /** Sets the subject's count to `points` for a whole window (tests, and remembering known clients). */
    async set(rule: RateLimitRule, subject: string, points: number): Promise<void> {
      await onStore(rule, (limiter) => limiter.set(keyOf(subject), points, rule.durationSec));
    },
    status(): RateLimitStoreStatus {
      return { ...status };
    },
    async close(): Promise<void> {
      if (redis) await closeRedis(redis);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
