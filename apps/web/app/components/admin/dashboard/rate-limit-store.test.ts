import { describe, expect, it } from "vitest";
import { rateLimitStoreText } from "./rate-limit-store";

describe("rateLimitStoreText", () => {
  it.each([
    [{ store: "redis", fallingBack: false, fallbacks: 0 }, "Rate limits: Redis"],
    [{ store: "database", fallingBack: false, fallbacks: 3 }, "Rate limits: PostgreSQL"],
    [{ store: "memory", fallingBack: false, fallbacks: 0 }, "Rate limits: counted in this process"],
    [{ store: "redis", fallingBack: true, fallbacks: 7 }, "Rate limits: counted in this process (Redis unreachable)"],
    [
      { store: "database", fallingBack: true, fallbacks: 1 },
      "Rate limits: counted in this process (PostgreSQL unreachable)",
    ],
  ] as const)("says %o as %s", (rateLimits, text) => {
    expect(rateLimitStoreText(rateLimits)).toBe(text);
  });
});
