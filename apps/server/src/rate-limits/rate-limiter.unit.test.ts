import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../testing/production-server";
import {
  expectFallbackReported,
  itLimitsOnTheStore,
  limiterWithLog,
  storeKey,
  testRule,
} from "../testing/rate-limiter-behaviour";
import { startRedisServer } from "../testing/redis-server";

/*
 * The memory and Redis stores (the PostgreSQL store: rate-limiter.postgres.test.ts). The
 * shared Redis runs when TEST_REDIS_URL is set (.ci/run sets it); the tests that take Redis
 * away start a redis-server of their own.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("\n*** TEST_REDIS_URL is not set: the shared Redis rate-limit store is NOT tested. ***\n");

describe("rate limiter on the memory store", () => {
  itLimitsOnTheStore(
    () => ({ kind: "memory" }),
    (limiter, rule, subject) => limiter.used(rule, subject),
  );
});

describe.runIf(redisUrl)("rate limiter on Redis at TEST_REDIS_URL", () => {
  const redis = new Redis(redisUrl ?? "", { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined);
  // A Redis that does not answer fails here, plainly, rather than the tests passing on the fallback.
  beforeAll(async () => expect(await redis.ping()).toBe("PONG"));
  afterAll(() => redis.disconnect());

  itLimitsOnTheStore(
    () => ({ kind: "redis", url: redisUrl ?? "" }),
    async (_limiter, rule, subject) => Number((await redis.get(storeKey(rule, subject))) ?? 0),
  );

  it("keeps each counter in Redis for the rule's window", async () => {
    const { limiter } = limiterWithLog({ kind: "redis", url: redisUrl ?? "" });
    const rule = testRule(5, 90);
    await limiter.consume(rule, "Counted@Example.com");
    expect(await redis.get(storeKey(rule, "counted@example.com"))).toBe("1");
    const ttl = await redis.pttl(storeKey(rule, "counted@example.com"));
    expect(ttl).toBeGreaterThan(80_000);
    expect(ttl).toBeLessThanOrEqual(90_000);
    await limiter.close();
  });
});

describe("rate limiter on a Redis that goes away", () => {
  it("counts in Redis, falls back to this process's memory when Redis dies, says so, and goes back once Redis answers", async () => {
    const port = await freePort();
    let server = await startRedisServer(port);
    const direct = new Redis(server.url, { lazyConnect: true });
    const { limiter, lines } = limiterWithLog({ kind: "redis", url: server.url });
    const rule = testRule(2);
    try {
      await limiter.consume(rule, "reader");
      expect(await direct.get(storeKey(rule, "reader"))).toBe("1");
      expect(limiter.status()).toEqual({ store: "redis", fallingBack: false, fallbacks: 0 });

      await server.kill();
      direct.disconnect();
      // Redis is gone: the limit still holds, counted here, and the outage is reported once.
      await limiter.consume(rule, "reader");
      await limiter.consume(rule, "reader");
      await expect(limiter.consume(rule, "reader")).rejects.toMatchObject({ status: 429 });
      expectFallbackReported(limiter, lines, "redis");

      server = await startRedisServer(port);
      const back = new Redis(server.url, { lazyConnect: true });
      const later = testRule(1_000);
      try {
        for (let attempt = 0; attempt < 100 && limiter.status().fallingBack; attempt++) {
          await limiter.consume(later, "after the outage");
          if (limiter.status().fallingBack) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(limiter.status().fallingBack).toBe(false);
        expect(lines.map((line) => line.msg)).toContain("rate-limit store answers again: limits are shared again");
        await limiter.consume(later, "counted in Redis again");
        expect(await back.get(storeKey(later, "counted in Redis again"))).toBe("1");
      } finally {
        back.disconnect();
      }
    } finally {
      await limiter.close();
      await server.kill();
    }
  });

  it("falls back and says so when nothing listens at REDIS_URL", async () => {
    const { limiter, lines } = limiterWithLog({ kind: "redis", url: `redis://127.0.0.1:${await freePort()}` });
    const rule = testRule(1);
    await limiter.consume(rule, "reader");
    await expect(limiter.consume(rule, "reader")).rejects.toMatchObject({ status: 429 });
    expectFallbackReported(limiter, lines, "redis");
    await limiter.close();
  });
});
