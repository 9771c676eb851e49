import type { Config } from "../config";
import type { Logger } from "../logger";
import { createInvalidationBus } from "./invalidation-bus";
import { createPageCache, DEFAULT_PAGE_CACHE } from "./page-cache";
import { createReadCache, DEFAULT_READ_CACHE, type ReadCache } from "./read-cache";

/*
 * What a logged-in reader's every request looks up about them (session, likes, Read Later,
 * poll votes). Entries are dropped by tag on every write that changes them, here and on the
 * other instances, so the lifetime only bounds changes made behind the app's back.
 */
const VIEWER_CACHE = { maxEntries: 10_000, ttlMs: 60_000 };

/** Per-reader lookups, and how a write makes every instance forget them. */
export interface ViewerCache {
  get: ReadCache["get"];
  /** Forgets the entries with this tag (userTag(id), …) here and on the other instances. */
  forget(tag: string): Promise<void>;
}

/**
 * What readers see, cached: rendered pages and the query results behind them, the
 * per-reader lookups of logged-in pages, and their cross-instance invalidation, as one
 * service.
 */
export function createPublicPagesService(config: Pick<Config, "redisUrl" | "databaseUrl">, logger: Logger) {
  const cache = createPageCache(DEFAULT_PAGE_CACHE);
  const reads = createReadCache(DEFAULT_READ_CACHE);
  const viewerEntries = createReadCache(VIEWER_CACHE);
  const clearAll = () => {
    cache.invalidateAll();
    reads.invalidateAll();
  };
  /** After announcements may have been missed (the bus was down): every cache, every reader's state too. */
  const clearEverything = () => {
    clearAll();
    viewerEntries.invalidateAll();
  };
  const bus = createInvalidationBus(
    config,
    {
      onRemoteChange: (tag) => (tag ? viewerEntries.invalidateTag(tag) : clearAll()),
      onMissedChanges: clearEverything,
    },
    logger,
  );
  const viewers: ViewerCache = {
    get: viewerEntries.get,
    async forget(tag) {
      viewerEntries.invalidateTag(tag);
      try {
        await bus.publish(tag);
      } catch (error) {
        logger.warn({ err: error }, "could not tell other instances to forget a reader's cached state");
      }
    },
  };
  return {
    cache,
    reads,
    viewers,
    ready: bus.ready,
    /** The bus's listening connection: whether it listens, how often it came back (tests, health). */
    listener: () => bus.listener(),
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
