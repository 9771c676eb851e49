import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "./concurrency-limit";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("concurrency limit", () => {
  it("runs at most `limit` tasks at once, the rest in arrival order", async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        limit(async () => {
          started.push(index);
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
          return index * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("frees the slot of a task that fails", async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit(async () => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    expect(await limit(async () => "next one runs")).toBe("next one runs");
  });
});
