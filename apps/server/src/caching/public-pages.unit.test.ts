import { describe, expect, it } from "vitest";
import { shareOfCache } from "./public-pages";
import { createReadCache } from "./read-cache";

describe("the read caches' budget shared among serving processes (decision 047)", () => {
  const machine = { maxEntries: 1000, maxBytes: 6 * 1024 * 1024, ttlMs: 10_000 };

  it("gives one process the whole budget and each of two workers half of it", () => {
    expect(shareOfCache(machine, 1)).toEqual(machine);
    expect(shareOfCache(machine, 2)).toEqual({ maxEntries: 500, maxBytes: 3 * 1024 * 1024, ttlMs: 10_000 });
    expect(shareOfCache(machine, 3).maxEntries).toBe(334);
  });

  it("a worker's cache keeps no more than its share of entries", async () => {
    const cache = createReadCache(shareOfCache({ maxEntries: 4, maxBytes: 1024 * 1024, ttlMs: 60_000 }, 2));
    for (const key of ["a", "b", "c"])
      await cache.get(
        key,
        async () => key,
        () => [],
      );
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBe("b");
    expect(cache.peek("c")).toBe("c");
  });
});
