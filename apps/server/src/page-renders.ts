import { createConcurrencyLimit } from "./concurrency-limit";

/*
 * Page renders in flight at once on the machine (PAGE_RENDERS, default 4): enough to overlap
 * a PostgreSQL server's latency, few enough that a burst of logged-in readers queues instead
 * of growing the heap. 4 served as many pages a second as 8, with a lower p99 and a peak RSS
 * 11–20 MB lower (decision 044). Workers share them, each keeping two so that one render
 * waiting on the database does not hold up the next (decision 045).
 */
export const DEFAULT_PAGE_RENDERS = 4;

/** How long a client is told to wait when no render could be had in time. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 5;

/** The renders one process runs at once when `processes` processes serve the site. */
export function pageRendersPerProcess(processes: number, perMachine = DEFAULT_PAGE_RENDERS): number {
  return Math.max(2, Math.ceil(perMachine / processes));
}

const OVERLOADED_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Busy</title></head>' +
  "<body><h1>The site is busy</h1><p>Please try again in a few seconds.</p></body></html>";

/** The answer to a page that could not be rendered within its budget (the page cache may put a stale copy in its place). */
export function overloadedPage(): Response {
  return new Response(OVERLOADED_PAGE, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(OVERLOADED_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

/**
 * Page renders at most `concurrency` at once. A budgeted render (a GET or HEAD) that has not
 * finished within `budgetMs`, waiting for its turn included, answers overloadedPage() (decision
 * 049): one still waiting leaves the line, one running finishes for nobody, holding its slot,
 * since its CPU is spent either way. Forms (actions) are never cut short: their writes would
 * go on after a 503.
 */
export function createPageRenderSlots(options: { concurrency: number; budgetMs: number }) {
  const slot = createConcurrencyLimit(options.concurrency);
  return async function renderPage(render: () => Promise<Response>, budgeted: boolean): Promise<Response> {
    if (!budgeted) return slot(render);
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), options.budgetMs);
    const late = new Promise<"late">((resolve) => budget.signal.addEventListener("abort", () => resolve("late")));
    const rendering = slot(render, budget.signal);
    try {
      const outcome = await Promise.race([rendering, late]);
      if (outcome !== "late") return outcome;
    } catch (error) {
      if (!budget.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
    }
    rendering.then(
      (response) => response.body?.cancel(),
      () => undefined,
    );
    return overloadedPage();
  };
}
