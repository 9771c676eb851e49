import { randomUUID } from "node:crypto";
import pino from "pino";
import { expect, it } from "vitest";
import { createRateLimiter, type RateLimitBackend, type RateLimiter, type RateLimitRule } from "../rate-limits";

export interface LogLine {
  level: number;
  msg: string;
  store?: string;
}

/** A rate limiter whose log lines the test can read. */
export function limiterWithLog(backend: RateLimitBackend): { limiter: RateLimiter; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { limiter: createRateLimiter(backend, logger), lines };
}

export const testRule = (points: number, durationSec = 60): RateLimitRule => ({
  name: `test-${randomUUID()}`,
  points,
  durationSec,
});

/** The key a store holds a subject's count under. */
export const storeKey = (rule: RateLimitRule, subject: string) => `broadsheet:${rule.name}:${subject.toLowerCase()}`;

/** The count the store itself holds for a subject (0 when it holds none), read past the limiter. */
export type StoredCount = (limiter: RateLimiter, rule: RateLimitRule, subject: string) => Promise<number>;

/**
 * The behaviour every store must give. Each test ends by reading the store directly and by
 * checking that no operation fell back to the process's memory: a store that is away or broken
 * fails these tests rather than passing on the fallback.
 */
export function itLimitsOnTheStore(backend: () => RateLimitBackend, stored: StoredCount): void {
  const open = () => {
    const opened = limiterWithLog(backend());
    return { ...opened, expectNoFallback: () => expect(opened.limiter.status()).toMatchObject({ fallbacks: 0 }) };
  };

  it("allows the limit, refuses the next with 429 and a Retry-After, keeps subjects apart, and counts in the store", async () => {
    const { limiter } = open();
    const three = testRule(3);
    for (let i = 0; i < 3; i++) await limiter.consume(three, "1.2.3.4");
    const error = (await limiter.consume(three, "1.2.3.4").catch((caught: unknown) => caught)) as {
      status?: number;
      retryAfterSeconds?: number;
    };
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.consume(three, "5.6.7.8");
    expect(await stored(limiter, three, "1.2.3.4")).toBe(4);
    expect(await stored(limiter, three, "5.6.7.8")).toBe(1);
    expect(limiter.status()).toEqual({ store: backend().kind, fallingBack: false, fallbacks: 0 });
    await limiter.close();
  });

  it("counts N concurrent attempts as N: exactly the limit gets through", async () => {
    const { limiter, expectNoFallback } = open();
    const ten = testRule(10);
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => limiter.consume(ten, "someone")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    expect(await limiter.used(ten, "someone")).toBe(60);
    expect(await stored(limiter, ten, "someone")).toBe(60);
    expectNoFallback();
    await limiter.close();
  });

  it("refunds a point, resets a subject, treats subjects case-insensitively, and remembers a set count", async () => {
    const { limiter, expectNoFallback } = open();
    const two = testRule(2);
    await limiter.consume(two, "Someone@Example.com");
    await limiter.consume(two, "someone@example.com");
    await expect(limiter.consume(two, "SOMEONE@example.com")).rejects.toMatchObject({ status: 429 });
    await limiter.refund(two, "someone@example.com");
    await limiter.refund(two, "someone@example.com");
    expect(await stored(limiter, two, "someone@example.com")).toBe(1);
    await limiter.consume(two, "someone@example.com");
    await limiter.reset(two, "someone@example.com");
    expect(await limiter.used(two, "someone@example.com")).toBe(0);
    expect(await stored(limiter, two, "someone@example.com")).toBe(0);
    await limiter.set(two, "someone@example.com", 2);
    expect(await stored(limiter, two, "someone@example.com")).toBe(2);
    await expect(limiter.consume(two, "someone@example.com")).rejects.toMatchObject({ status: 429 });
    expectNoFallback();
    await limiter.close();
  });

  it("starts a new window once the old one has passed", async () => {
    const { limiter, expectNoFallback } = open();
    const one = testRule(1, 1);
    await limiter.consume(one, "x");
    await expect(limiter.consume(one, "x")).rejects.toMatchObject({ status: 429 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await limiter.consume(one, "x");
    expect(await stored(limiter, one, "x")).toBe(1);
    expectNoFallback();
    await limiter.close();
  });
}

/** The store failed, and the limiter said so: a logged error and status().fallingBack. */
export function expectFallbackReported(limiter: RateLimiter, lines: LogLine[], store: RateLimitBackend["kind"]): void {
  expect(limiter.status()).toMatchObject({ store, fallingBack: true });
  expect(limiter.status().fallbacks).toBeGreaterThan(0);
  const reports = lines.filter((line) => line.msg.startsWith("rate-limit store failed"));
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ level: 50, store });
}
