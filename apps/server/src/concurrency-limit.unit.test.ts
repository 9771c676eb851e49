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

describe("a task that gives up waiting", () => {
  it("leaves the line without running, and the slot still passes to the next in line", async () => {
    const limit = createConcurrencyLimit(1);
    let release: () => void = () => undefined;
    const holding = limit(() => new Promise<string>((resolve) => (release = () => resolve("first"))));
    const impatient = new AbortController();
    let ranImpatient = false;
    const waiting = limit(async () => {
      ranImpatient = true;
    }, impatient.signal);
    const patient = limit(async () => "third");
    impatient.abort(new Error("over budget"));
    await expect(waiting).rejects.toThrow("over budget");
    release();
    expect(await holding).toBe("first");
    expect(await patient).toBe("third");
    expect(ranImpatient).toBe(false);
    expect(await limit(async () => "slot free again")).toBe("slot free again");
  });

  it("does not start when its signal has already aborted and every slot is taken", async () => {
    const limit = createConcurrencyLimit(1);
    let release: () => void = () => undefined;
    const holding = limit(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(limit(async () => "ran", AbortSignal.abort(new Error("too late")))).rejects.toThrow("too late");
    release();
    await holding;
  });
});
