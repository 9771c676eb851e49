import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimitBackend, type RateLimitRule } from "./rate-limiter";

/*
 * The same behaviour from the memory and Redis stores (the PostgreSQL store runs in
 * rate-limits.test.ts, on the test database). Redis runs when TEST_REDIS_URL is set
 * (.ci/run sets it); without it the Redis half is reported as not run.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("\n*** TEST_REDIS_URL is not set: the Redis rate-limit store is NOT tested. ***\n");

const backends: [string, RateLimitBackend][] = [["memory", { kind: "memory" }]];
if (redisUrl) backends.push(["redis", { kind: "redis", url: redisUrl }]);

const rule = (points: number, durationSec = 60): RateLimitRule => ({
  name: `test-${randomUUID()}`,
  points,
  durationSec,
});

describe.each(backends)("rate limiter on the %s store", (_name, backend) => {
  it("allows the limit, refuses the next with 429 and a Retry-After, and keeps subjects apart", async () => {
    const limiter = createRateLimiter(backend);
    const three = rule(3);
    for (let i = 0; i < 3; i++) await limiter.consume(three, "1.2.3.4");
    const error = (await limiter.consume(three, "1.2.3.4").catch((caught: unknown) => caught)) as {
      status?: number;
      retryAfterSeconds?: number;
    };
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.consume(three, "5.6.7.8");
    await limiter.close();
  });

  it("counts N concurrent attempts as N: exactly the limit gets through", async () => {
    const limiter = createRateLimiter(backend);
    const ten = rule(10);
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => limiter.consume(ten, "someone")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    expect(await limiter.used(ten, "someone")).toBe(60);
    await limiter.close();
  });

  it("refunds a point, resets a subject, treats subjects case-insensitively, and remembers a set count", async () => {
    const limiter = createRateLimiter(backend);
    const two = rule(2);
    await limiter.consume(two, "Someone@Example.com");
    await limiter.consume(two, "someone@example.com");
    await expect(limiter.consume(two, "SOMEONE@example.com")).rejects.toMatchObject({ status: 429 });
    await limiter.refund(two, "someone@example.com");
    await limiter.refund(two, "someone@example.com");
    await limiter.consume(two, "someone@example.com");
    await limiter.reset(two, "someone@example.com");
    expect(await limiter.used(two, "someone@example.com")).toBe(0);
    await limiter.set(two, "someone@example.com", 2);
    await expect(limiter.consume(two, "someone@example.com")).rejects.toMatchObject({ status: 429 });
    await limiter.close();
  });

  it("starts a new window once the old one has passed", async () => {
    const limiter = createRateLimiter(backend);
    const one = rule(1, 1);
    await limiter.consume(one, "x");
    await expect(limiter.consume(one, "x")).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await limiter.consume(one, "x");
    await limiter.close();
  });
});
