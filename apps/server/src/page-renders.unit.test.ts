import { describe, expect, it } from "vitest";
import { createPageRenderSlots, OVERLOADED_RETRY_AFTER_SECONDS, pageRendersPerProcess } from "./page-renders";

describe("page renders at once", () => {
  it("gives a single process four, and shares four among workers, two each at least", () => {
    expect(pageRendersPerProcess(1)).toBe(4);
    expect(pageRendersPerProcess(2)).toBe(2);
    expect(pageRendersPerProcess(3)).toBe(2);
    expect(pageRendersPerProcess(16)).toBe(2);
  });

  it("shares the machine's PAGE_RENDERS when it is set", () => {
    expect(pageRendersPerProcess(1, 8)).toBe(8);
    expect(pageRendersPerProcess(4, 8)).toBe(2);
    expect(pageRendersPerProcess(1, 1)).toBe(2);
  });
});

/** A render that finishes when the test says so. */
function heldRender() {
  let finish: () => void = () => undefined;
  const done = new Promise<Response>((resolve) => {
    finish = () => resolve(new Response("rendered", { status: 200 }));
  });
  return { render: () => done, finish };
}

describe("a page render's budget", () => {
  it("answers 503 with Retry-After when the render runs past it, and one waiting for a slot never starts", async () => {
    const renderPage = createPageRenderSlots({ concurrency: 1, budgetMs: 1 });
    const running = heldRender();
    let queuedStarted = false;
    const [late, queued] = await Promise.all([
      renderPage(running.render, true),
      renderPage(async () => {
        queuedStarted = true;
        return new Response("never");
      }, true),
    ]);
    for (const answer of [late, queued]) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.text()).toContain("busy");
    }
    running.finish();
    expect(queuedStarted).toBe(false);
  });

  it("lets a form's render (not budgeted) take as long as it takes", async () => {
    const renderPage = createPageRenderSlots({ concurrency: 1, budgetMs: 1 });
    const slow = heldRender();
    const answer = renderPage(slow.render, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    slow.finish();
    expect(await (await answer).text()).toBe("rendered");
  });

  it("passes a render's own failure on (the error handler answers it), and frees its slot", async () => {
    const renderPage = createPageRenderSlots({ concurrency: 1, budgetMs: 60_000 });
    await expect(renderPage(async () => Promise.reject(new Error("loader failed")), true)).rejects.toThrow(
      "loader failed",
    );
    expect(await (await renderPage(async () => new Response("next"), true)).text()).toBe("next");
  });
});
