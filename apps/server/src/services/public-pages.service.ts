import type { Config } from "../config";
import type { Logger } from "../logger";
import { createInvalidationBus } from "./invalidation-bus";
import { createPageCache, DEFAULT_PAGE_CACHE } from "./page-cache";

/** The anonymous page cache and its cross-instance invalidation, as one service. */
export function createPublicPagesService(config: Pick<Config, "redisUrl" | "databaseUrl">, logger: Logger) {
  const cache = createPageCache(DEFAULT_PAGE_CACHE);
  const bus = createInvalidationBus(config, () => cache.invalidateAll(), logger);
  return {
    cache,
    ready: bus.ready,
    /** A write changed what pages show: clear here at once, and tell the other instances. */
    async contentChanged(): Promise<void> {
      cache.invalidateAll();
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
