import { Redis } from "ioredis";
import { rateLimited } from "../errors";

/** Fixed-window counters: in this process by default, in Redis when instances must share them. */
export interface RateLimitStore {
  /** Adds one to the key's window and answers the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/*
 * Limits per DESIGN.md §8. Login counts failures only, per e-mail (guessing one account)
 * and, far more loosely, per IP (many people may share one address).
 */
export const RATE_LIMITS = {
  loginFailuresPerEmail: { name: "login-email", limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { name: "login-ip", limit: 100, windowMs: 15 * MINUTE },
  registerPerIp: { name: "register-ip", limit: 100, windowMs: 15 * MINUTE },
  forgotPasswordPerIp: { name: "forgot-ip", limit: 20, windowMs: 15 * MINUTE },
  uploadsPerIp: { name: "upload-ip", limit: 120, windowMs: 10 * MINUTE },
  commentsPerIp: { name: "comment-ip", limit: 60, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();

  const sweep = (now: number) => {
    if (now - lastSweep < MINUTE) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  return {
    async increment(key, windowMs) {
      const now = Date.now();
      sweep(now);
      const window = windows.get(key);
      if (!window || window.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      window.count += 1;
      return window.count;
    },
    async count(key) {
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? window.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const redisKey = (key: string) => `broadsheet:rl:${key}`;
  return {
    async increment(key, windowMs) {
      const results = await redis.multi().incr(redisKey(key)).pexpire(redisKey(key), windowMs, "NX").exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async count(key) {
      return Number((await redis.get(redisKey(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createRateLimiter(store: RateLimitStore) {
  const key = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
  return {
    store,
    /** Counts one request; past the limit it throws 429. */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      if ((await store.increment(key(rule, subject), rule.windowMs)) > rule.limit) throw rateLimited();
    },
    /** Throws 429 if the subject is already at its limit, without counting this request. */
    async ensureBelow(rule: RateLimitRule, subject: string): Promise<void> {
      if ((await store.count(key(rule, subject))) >= rule.limit) throw rateLimited();
    },
    async record(rule: RateLimitRule, subject: string): Promise<void> {
      await store.increment(key(rule, subject), rule.windowMs);
    },
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await store.reset(key(rule, subject));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
