/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival order.
 * Page renders are CPU work on one thread, so more of them at once adds no throughput,
 * only memory: each holds its data, React tree and HTML until it is done.
 */
export function createConcurrencyLimit(
  limit: number,
  queue: { maxWaiting: number; whenFull: () => Error } | undefined = undefined,
) {
  let running = 0;
  const waiting: (() => void)[] = [];

  /** A task whose `signal` aborts while it waits leaves the line without running (rejected with the reason). */
  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running >= limit) {
      // A bounded queue refuses work it could not start soon, instead of holding it in memory.
      if (queue && waiting.length >= queue.maxWaiting) throw queue.whenFull();
      await waitForTurn(waiting, signal);
    } else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next in line, so `running` stays as it is.
      if (next) next();
      else running -= 1;
    }
  };
}

function waitForTurn(waiting: (() => void)[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const giveUp = () => {
      const place = waiting.indexOf(turn);
      if (place !== -1) waiting.splice(place, 1);
      reject(signal?.reason);
    };
    const turn = () => {
      signal?.removeEventListener("abort", giveUp);
      resolve();
    };
    waiting.push(turn);
    signal?.addEventListener("abort", giveUp, { once: true });
  });
}
