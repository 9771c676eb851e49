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

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      // A bounded queue refuses work it could not start soon, instead of holding it in memory.
      if (queue && waiting.length >= queue.maxWaiting) throw queue.whenFull();
      await new Promise<void>((resolve) => waiting.push(resolve));
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
