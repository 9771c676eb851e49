import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  type RateLimitStore,
} from "./rate-limiter";

/*
 * The same behaviour from both stores. Redis runs when TEST_REDIS_URL is set (.ci/run
 * sets it to the machine's Redis); without it the Redis half is reported as not run.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("\n*** TEST_REDIS_URL is not set: the Redis rate-limit store is NOT tested. ***\n");

const stores: [string, () => RateLimitStore][] = [["memory", createMemoryRateLimitStore]];
if (redisUrl) stores.push(["redis", () => createRedisRateLimitStore(redisUrl)]);

describe.each(stores)("rate limiter on the %s store", (_name, createStore) => {
  it("allows the limit, refuses the next with 429, and keeps subjects apart", async () => {
    const store = createStore();
    const limiter = createRateLimiter(store);
    const rule = { name: `test-${randomUUID()}`, limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await limiter.consume(rule, "1.2.3.4");
    await expect(limiter.consume(rule, "1.2.3.4")).rejects.toMatchObject({ status: 429 });
    await limiter.consume(rule, "5.6.7.8");
    await store.close();
  });

  it("counts only what is recorded for ensureBelow, and reset clears it", async () => {
    const store = createStore();
    const limiter = createRateLimiter(store);
    const rule = { name: `test-${randomUUID()}`, limit: 2, windowMs: 60_000 };
    await limiter.ensureBelow(rule, "Someone@Example.com");
    await limiter.record(rule, "someone@example.com");
    await limiter.record(rule, "SOMEONE@example.com");
    await expect(limiter.ensureBelow(rule, "someone@example.com")).rejects.toMatchObject({ status: 429 });
    await limiter.reset(rule, "someone@example.com");
    await limiter.ensureBelow(rule, "someone@example.com");
    await store.close();
  });

  it("starts a new window once the old one has passed", async () => {
    const store = createStore();
    const limiter = createRateLimiter(store);
    const rule = { name: `test-${randomUUID()}`, limit: 1, windowMs: 50 };
    await limiter.consume(rule, "x");
    await expect(limiter.consume(rule, "x")).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await limiter.consume(rule, "x");
    await store.close();
  });
});
