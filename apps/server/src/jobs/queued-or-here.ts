import type { Logger } from "../logger";

/**
 * Mail work a request starts and does not wait for (decision 020): queued as a job where this
 * process takes jobs, else run here after the answer. Either way the answer takes the same
 * time, and a failure is logged, never answered. `settled()` waits for the work run here
 * (shutdown and tests).
 */
export function queuedOrHere(logger: Logger, failure: string) {
  const inFlight = new Set<Promise<void>>();
  return {
    start(queue: () => Promise<boolean>, here: () => Promise<unknown>): void {
      const work = queue()
        .then(async (queued) => {
          if (!queued) await here();
        })
        .catch((error: unknown) => logger.error({ err: error }, failure))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
