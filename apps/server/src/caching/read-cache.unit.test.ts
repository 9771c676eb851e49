import { describe, expect, it } from "vitest";
import { postTag } from "./content-changes";
import { createReadCache, estimatedBytes } from "./read-cache";

function counter<T>(value: T) {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return value;
    },
    loads: () => loads,
  };
}

describe("read cache", () => {
  it("loads once and answers from memory within its lifetime", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const source = counter({ items: [1, 2] });
    expect(await cache.get("list", source.load)).toEqual({ items: [1, 2] });
    expect(await cache.get("list", source.load)).toEqual({ items: [1, 2] });
    expect(source.loads()).toBe(1);
  });

  it("loads again once an entry is older than its lifetime", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 5 });
    const source = counter("fresh");
    await cache.get("key", source.load);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.get("key", source.load);
    expect(source.loads()).toBe(2);
  });

  it("peeks at a fresh entry without loading, and at nothing once it is dropped or stale", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 30 });
    expect(cache.peek("page-end")).toBeUndefined();
    await cache.get(
      "page-end",
      async () => ["a", "b"],
      () => [postTag("p1")],
    );
    expect(cache.peek("page-end")).toEqual(["a", "b"]);
    cache.invalidateTag(postTag("p1"));
    expect(cache.peek("page-end")).toBeUndefined();
    await cache.get("page-end", async () => ["c"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.peek("page-end")).toBeUndefined();
  });

  it("runs one load for many concurrent misses", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const source = counter(42);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get("hot", source.load)));
    expect(answers).toEqual(Array(20).fill(42));
    expect(source.loads()).toBe(1);
  });

  it("forgets everything on invalidateAll, and only the tagged entries on invalidateTag", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const post = counter({ _id: "p1" });
    const list = counter(["p1", "p2"]);
    await cache.get("post:p1", post.load, (value) => [postTag(value._id)]);
    await cache.get("list", list.load);
    cache.invalidateTag(postTag("p1"));
    await cache.get("post:p1", post.load, (value) => [postTag(value._id)]);
    await cache.get("list", list.load);
    expect([post.loads(), list.loads()]).toEqual([2, 1]);
    cache.invalidateAll();
    await cache.get("list", list.load);
    expect(list.loads()).toBe(2);
  });

  it("does not keep what a load read before a write that happened while it ran", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    let release: (value: string) => void = () => {};
    const stale = cache.get("key", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidateAll();
    // A reader after the write does not join the load that started before it.
    const after = cache.get("key", async () => "after the write");
    release("before the write");
    expect(await stale).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cache.get("key", async () => "third load")).toBe("after the write");
  });

  it("does not cache a failed load", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    await expect(cache.get("key", async () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(await cache.get("key", async () => "recovered")).toBe("recovered");
  });

  it("keeps at most maxEntries, dropping the oldest first", async () => {
    const cache = createReadCache({ maxEntries: 2, maxBytes: 1_000_000, ttlMs: 60_000 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.stats().entries).toBe(2);
    const reloaded = counter("a again");
    expect(await cache.get("a", reloaded.load)).toBe("a again");
    expect(await cache.get("c", async () => "not reloaded")).toBe("c");
  });

  it("returns but does not keep a value whose tagsOf answers null", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const source = counter<string | null>(null);
    const keepFound = (value: string | null) => (value ? [] : null);
    expect(await cache.get("session:unknown", source.load, keepFound)).toBeNull();
    expect(await cache.get("session:unknown", source.load, keepFound)).toBeNull();
    expect(source.loads()).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("keeps its entries within maxBytes, dropping the least recently used, and never keeps one larger than all of it", async () => {
    const cache = createReadCache({ maxEntries: 100, maxBytes: 3000, ttlMs: 60_000 });
    const kilobyte = "x".repeat(500); // about 1 KB as UTF-16
    for (const key of ["a", "b", "c", "d"]) await cache.get(key, async () => kilobyte);
    expect(cache.stats().bytes).toBeLessThanOrEqual(3000);
    expect(cache.stats().entries).toBe(2);
    const reloaded = counter("a again");
    expect(await cache.get("a", reloaded.load)).toBe("a again");
    expect(reloaded.loads()).toBe(1);

    const huge = counter("y".repeat(5000));
    await cache.get("huge", huge.load);
    await cache.get("huge", huge.load);
    expect(huge.loads()).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(3000);

    cache.invalidateAll();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it("getMany loads only the missing keys, in one call, and keeps them with their own tags", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const asked: string[][] = [];
    const loadMissing = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((key) => key !== "gone").map((key) => [key, `value of ${key}`]));
    };
    const first = await cache.getMany(["a", "b", "gone"], loadMissing, (key) => [postTag(key)]);
    expect([...first]).toEqual([
      ["a", "value of a"],
      ["b", "value of b"],
    ]);
    const second = await cache.getMany(["b", "c", "a"], loadMissing, (key) => [postTag(key)]);
    expect(asked).toEqual([["a", "b", "gone"], ["c"]]);
    expect(second.get("c")).toBe("value of c");
    cache.invalidateTag(postTag("b"));
    expect(cache.peek("a")).toBe("value of a");
    expect(cache.peek("b")).toBeUndefined();
  });

  it("getMany does not keep what it loaded before a write that happened while it ran", async () => {
    const cache = createReadCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const loaded = await cache.getMany(
      ["a"],
      async (keys) => {
        cache.invalidateTag(postTag("anything"));
        return new Map(keys.map((key) => [key, "stale"]));
      },
      () => [],
    );
    expect(loaded.get("a")).toBe("stale");
    expect(cache.peek("a")).toBeUndefined();
  });

  it("estimates sizes from strings, numbers and containers", () => {
    expect(estimatedBytes("abcd")).toBe(16 + 8);
    expect(estimatedBytes(7)).toBe(8);
    const list = estimatedBytes([{ title: "a".repeat(100) }, { title: "b".repeat(100) }]);
    expect(list).toBeGreaterThan(400);
    expect(estimatedBytes(new Set(["a".repeat(100)]))).toBeGreaterThan(200);
  });
});
