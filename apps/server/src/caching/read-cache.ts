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
  /** Bound on the entries' estimated size (estimatedBytes), so a few huge answers cannot grow the heap. */
  maxBytes: number;
  ttlMs: number;
}

export const DEFAULT_READ_CACHE: ReadCacheOptions = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024, ttlMs: 10_000 };

interface Entry {
  value: unknown;
  tags: readonly string[];
  storedAt: number;
  bytes: number;
}

// What V8 spends on an object or array beside its contents, roughly.
const OBJECT_OVERHEAD = 32;

/**
 * A value's size in the heap, estimated: strings at two bytes a character, numbers at
 * eight, containers with their overhead. Cheap enough to run on every store (a miss).
 */
export function estimatedBytes(value: unknown): number {
  if (typeof value === "string") return 16 + value.length * 2;
  if (value === null || typeof value !== "object") return 8;
  if (value instanceof Date) return OBJECT_OVERHEAD;
  let bytes = OBJECT_OVERHEAD;
  if (Array.isArray(value) || value instanceof Set) {
    for (const item of value) bytes += 8 + estimatedBytes(item);
    return bytes;
  }
  if (value instanceof Map) {
    for (const [key, item] of value) bytes += estimatedBytes(key) + estimatedBytes(item);
    return bytes;
  }
  for (const [key, item] of Object.entries(value)) bytes += key.length + 8 + estimatedBytes(item);
  return bytes;
}

export function createReadCache(options: ReadCacheOptions = DEFAULT_READ_CACHE) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  let bytes = 0;
  // Bumped by every invalidation, so a load that started before it is not stored after it.
  let generation = 0;

  /** Loads under way may read what the write changed: later callers start their own. */
  function forgetLoads() {
    generation += 1;
    inFlight.clear();
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > options.ttlMs) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entry.bytes > options.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  function keep(key: string, value: unknown, tags: readonly string[]) {
    store(key, { value, tags, storedAt: Date.now(), bytes: estimatedBytes(value) + key.length * 2 });
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
        if (tags && generation === startedAt) keep(key, value, tags);
        return value;
      });
      inFlight.set(key, loading);
      try {
        return await loading;
      } finally {
        if (inFlight.get(key) === loading) inFlight.delete(key);
      }
    },

    /**
     * The cached values of `keys`, with the missing ones from one `loadMissing` call (which
     * answers those it found); each loaded value is kept under its key with `tagsOf` it.
     */
    async getMany<T>(
      keys: readonly string[],
      loadMissing: (missing: string[]) => Promise<Map<string, T>>,
      tagsOf: (key: string, value: T) => string[],
    ): Promise<Map<string, T>> {
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const key of keys) {
        const cached = fresh(key);
        if (cached) found.set(key, cached.value as T);
        else missing.push(key);
      }
      if (missing.length === 0) return found;
      const startedAt = generation;
      for (const [key, value] of await loadMissing(missing)) {
        found.set(key, value);
        if (generation === startedAt) {
          keep(key, value, tagsOf(key, value));
        }
      }
      return found;
    },

    /** The cached value of `key`, if there is a fresh one; never loads. */
    peek<T>(key: string): T | undefined {
      return fresh(key)?.value as T | undefined;
    },

    invalidateTag(tag: string): void {
      forgetLoads();
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) remove(key);
    },

    invalidateAll(): void {
      forgetLoads();
      entries.clear();
      bytes = 0;
    },

    stats() {
      return { entries: entries.size, bytes };
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
