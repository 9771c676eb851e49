/*
 * Query results as an anonymous reader sees them (post lists, feeds, a post's detail, the
 * home page's blocks), kept in memory for a few seconds. Logged-in pages cannot come from
 * the page cache, so they take the shared part from here and look up only the reader's
 * own state (likes, Read Later, poll vote). Entries carry the tags of what they show
 * (content-changes.ts); a write drops the entries with its tags, here and on the other
 * instances. Values are shared: callers must not mutate them.
 */
export interface ReadCacheOptions {
  maxEntries: number;
  ttlMs: number;
}

export const DEFAULT_READ_CACHE: ReadCacheOptions = { maxEntries: 1000, ttlMs: 10_000 };

interface Entry {
  value: unknown;
  tags: readonly string[];
  storedAt: number;
}

export function createReadCache(options: ReadCacheOptions = DEFAULT_READ_CACHE) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  // Bumped by every invalidation, so a load that started before it is not stored after it.
  let generation = 0;

  /** Loads under way may read what the write changed: later callers start their own. */
  function forgetLoads() {
    generation += 1;
    inFlight.clear();
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > options.ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries) break;
      entries.delete(oldest);
    }
  }

  return {
    /**
     * The cached value of `key`, or what `load` answers (one load for many concurrent
     * misses). A load that throws is not cached. `tagsOf` names what the value shows, for
     * `invalidateTag`; when it answers null, the value is returned but not kept.
     */
    async get<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => string[] | null = () => []): Promise<T> {
      const cached = fresh(key);
      if (cached) return cached.value as T;
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;
      const startedAt = generation;
      const loading = load().then((value) => {
        const tags = tagsOf(value);
        if (tags && generation === startedAt) store(key, { value, tags, storedAt: Date.now() });
        return value;
      });
      inFlight.set(key, loading);
      try {
        return await loading;
      } finally {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      }
    },

    invalidateTag(tag: string): void {
      forgetLoads();
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
    },

    invalidateAll(): void {
      forgetLoads();
      entries.clear();
    },

    stats() {
      return { entries: entries.size };
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
