import type { Config } from "../config";
import type { Logger } from "../logger";
import { createInvalidationBus } from "./invalidation-bus";
import { createPageCache, DEFAULT_PAGE_CACHE } from "./page-cache";
import { createReadCache, DEFAULT_READ_CACHE } from "./read-cache";

/**
 * What anonymous readers see, cached: rendered pages and the query results behind them,
 * with their cross-instance invalidation, as one service.
 */
export function createPublicPagesService(config: Pick<Config, "redisUrl" | "databaseUrl">, logger: Logger) {
  const cache = createPageCache(DEFAULT_PAGE_CACHE);
  const reads = createReadCache(DEFAULT_READ_CACHE);
  const clearAll = () => {
    cache.invalidateAll();
    reads.invalidateAll();
  };
  const bus = createInvalidationBus(config, clearAll, logger);
  return {
    cache,
    reads,
    ready: bus.ready,
    /** A write changed what pages show: clear here at once, and tell the other instances. */
    async contentChanged(): Promise<void> {
      clearAll();
      try {
        await bus.publish();
      } catch (error) {
        logger.warn({ err: error }, "could not tell other instances to clear their page cache");
      }
    },
    close: () => bus.close(),
  };
}

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;
