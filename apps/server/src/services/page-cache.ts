import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/*
 * Rendered public pages for anonymous readers, kept in memory and bounded in entries and
 * bytes (least recently used goes first). Entries live a few seconds so counters (views,
 * likes) stay nearly fresh; content writes clear everything at once, here and, through
 * the invalidation bus, on every other instance.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  storedAt: number;
}

export interface PageCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
}

export const DEFAULT_PAGE_CACHE: PageCacheOptions = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024, ttlMs: 10_000 };
/** The logged-in readers' shared copies: fewer pages are read logged in. */
export const READER_PAGE_CACHE: PageCacheOptions = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024, ttlMs: 10_000 };

export function createPageCache(options: PageCacheOptions = DEFAULT_PAGE_CACHE) {
  const entries = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let bytes = 0;
  // Bumped by every invalidation, so a render that started before it is not stored after it.
  let generation = 0;

  const sizeOf = (page: CachedPage) => page.body.length + page.gzipped.length;

  function remove(key: string) {
    const page = entries.get(key);
    if (!page) return;
    bytes -= sizeOf(page);
    entries.delete(key);
  }

  function store(key: string, page: CachedPage) {
    remove(key);
    entries.set(key, page);
    bytes += sizeOf(page);
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  return {
    get(key: string): CachedPage | undefined {
      const page = entries.get(key);
      if (!page) return undefined;
      if (Date.now() - page.storedAt > options.ttlMs) {
        remove(key);
        return undefined;
      }
      // Re-insert: Map order is the LRU order.
      entries.delete(key);
      entries.set(key, page);
      return page;
    },

    /**
     * Renders once for many concurrent misses of the same page (a story going viral):
     * the first request renders, the others wait for it.
     */
    async getOrRender(key: string, render: () => Promise<Omit<CachedPage, "gzipped" | "etag" | "storedAt"> | null>) {
      const cached = this.get(key);
      if (cached) return { page: cached, hit: true };
      const pending = inFlight.get(key);
      if (pending) return { page: await pending, hit: true };
      const startedAt = generation;
      const rendering = (async () => {
        const rendered = await render();
        if (!rendered) return null;
        const page: CachedPage = {
          ...rendered,
          gzipped: gzipSync(rendered.body),
          etag: `W/"${createHash("sha1").update(rendered.body).digest("base64url")}"`,
          storedAt: Date.now(),
        };
        if (generation === startedAt) store(key, page);
        return page;
      })();
      inFlight.set(key, rendering);
      try {
        return { page: await rendering, hit: false };
      } finally {
        inFlight.delete(key);
      }
    },

    invalidateAll(): void {
      generation += 1;
      entries.clear();
      bytes = 0;
    },

    stats() {
      return { entries: entries.size, bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
