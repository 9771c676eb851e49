import type { Config } from "../config";
import type { Logger } from "../logger";
import { type Caches, changesPublicPages, changesReaderPages } from "./content-changes";
import { createInvalidationBus } from "./invalidation-bus";
import { createPageCache, DEFAULT_PAGE_CACHE, READER_PAGE_CACHE } from "./page-cache";
import { createReadCache, DEFAULT_READ_CACHE, type ReadCache, type ReadCacheOptions } from "./read-cache";

/*
 * What a logged-in reader's every request looks up about them (session, likes, Read Later,
 * poll votes). Entries are dropped by tag on every write that changes them, here and on the
 * other instances, so the lifetime only bounds changes made behind the app's back.
 */
const VIEWER_CACHE = { maxEntries: 10_000, maxBytes: 16 * 1024 * 1024, ttlMs: 60_000 };

/*
 * Posts' summaries by id, as every reader sees them: the search's pages are its ranked ids,
 * so a search whose posts were shown lately needs no second statement (issue 16). A cache of
 * its own, because the stream of one-off searches would push them out of the reads. Every
 * change a summary shows is tagged (the post, its activity, `list:posts` for an author's new
 * name, `list:categories` for a category's or type's), so, as for the viewer cache, the
 * lifetime only bounds changes made behind the app's back.
 */
const SUMMARY_CACHE = { maxEntries: 5000, maxBytes: 6 * 1024 * 1024, ttlMs: 60_000 };

/**
 * A cache of what every reader shares, as one serving process of `processes` keeps it: the
 * machine's budget split among them, since each would otherwise hold the same hot entries
 * (decision 047). Per-reader lookups and pages keep their own bounds.
 */
export function shareOfCache(options: ReadCacheOptions, processes: number): ReadCacheOptions {
  return {
    ...options,
    maxEntries: Math.ceil(options.maxEntries / processes),
    maxBytes: Math.ceil(options.maxBytes / processes),
  };
}

/**
 * Paths whose page turned out not to be one every reader shares (the profile, Read Later,
 * a 404): their next request is rendered for the reader at once. Bounded; forgetting only
 * costs one more try.
 */
export function createPersonalPaths(max = 1000) {
  const paths = new Set<string>();
  return {
    has: (path: string) => paths.has(path),
    add(path: string) {
      if (paths.size >= max) paths.clear();
      paths.add(path);
    },
    clear: () => paths.clear(),
  };
}

export type PersonalPaths = ReturnType<typeof createPersonalPaths>;

/**
 * Told of every change this process applies (its own and other instances'): `null` when
 * announcements may have been missed and everything must go. For memory that an area keeps
 * outside the read caches (the redirects' lookup table).
 */
export type ForgetListener = (tags: readonly string[] | null) => void;

/** Per-reader lookups; a write makes every instance forget them by `caches.changed([userTag(id), …])`. */
export interface ViewerCache {
  get: ReadCache["get"];
}

/**
 * What readers see, cached: rendered pages and the query results behind them, the
 * per-reader lookups of logged-in pages, and their cross-instance invalidation, as one
 * service.
 */
export function createPublicPagesService(
  config: Pick<Config, "redisUrl" | "databaseUrl">,
  logger: Logger,
  /** The serving processes on this machine (workers), which share the read caches' budget. */
  processes = 1,
) {
  const cache = createPageCache(DEFAULT_PAGE_CACHE);
  const readerCache = createPageCache(READER_PAGE_CACHE);
  const personalPaths = createPersonalPaths();
  const reads = createReadCache(shareOfCache(DEFAULT_READ_CACHE, processes));
  const viewerEntries = createReadCache(VIEWER_CACHE);
  const summaries = createReadCache(shareOfCache(SUMMARY_CACHE, processes));
  const listeners: ForgetListener[] = [];
  /** The one place a change is applied: to the shared reads, the readers' state and the pages. */
  const forget = (tags: readonly string[]) => {
    for (const tag of tags) {
      reads.invalidateTag(tag);
      summaries.invalidateTag(tag);
      viewerEntries.invalidateTag(tag);
    }
    // A page shows many things at once: any change to what every reader sees drops them all.
    if (tags.some(changesPublicPages)) {
      cache.invalidateAll();
      // A draft published, a 404 now a page: every path may be one readers share again.
      personalPaths.clear();
    }
    // A logged-in reader sees their own like, comment or vote on their next page: activity drops the reader copies.
    if (tags.some(changesReaderPages)) readerCache.invalidateAll();
    for (const listener of listeners) listener(tags);
  };
  /** After announcements may have been missed (the bus was down): every cache. */
  const forgetEverything = () => {
    cache.invalidateAll();
    readerCache.invalidateAll();
    personalPaths.clear();
    reads.invalidateAll();
    summaries.invalidateAll();
    viewerEntries.invalidateAll();
    for (const listener of listeners) listener(null);
  };
  const bus = createInvalidationBus(config, { onRemoteChange: forget, onMissedChanges: forgetEverything }, logger);
  const caches: Caches = {
    async changed(tags) {
      if (tags.length === 0) return;
      forget(tags);
      try {
        await bus.publish(tags);
      } catch (error) {
        logger.warn({ err: error }, "could not tell other instances about a change");
      }
    },
  };
  const viewers: ViewerCache = { get: viewerEntries.get };
  return {
    cache,
    /** The copies logged-in readers with JavaScript share (decision 016). */
    readerCache,
    personalPaths,
    reads,
    summaries,
    viewers,
    viewerStats: () => viewerEntries.stats(),
    changed: caches.changed,
    /** Calls `listener` with the tags of every change applied here, from now on. */
    onForget(listener: ForgetListener) {
      listeners.push(listener);
    },
    ready: bus.ready,
    /** The bus's listening connection: whether it listens, how often it came back (tests, health). */
    listener: () => bus.listener(),
    close: () => bus.close(),
  };
}

export type PublicPagesService = ReturnType<typeof createPublicPagesService>;
