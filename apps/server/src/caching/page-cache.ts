import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { entityTag } from "./entity-tag";

const gzipped = promisify(gzip);
const brotliCompressed = promisify(brotliCompress);

/*
 * Rendered public pages for anonymous readers, kept in memory and bounded in entries and
 * bytes (least recently used goes first). Entries live a few seconds so counters (views,
 * likes) stay nearly fresh; content writes clear everything at once, here and, through
 * the invalidation bus, on every other instance. An entry past its lifetime is kept a while
 * longer as the page to answer when a new render cannot finish in time (stale).
 */
export interface CachedPage {
  status: number;
  /** As rendered: the CSP allows the page's inline scripts by their hashes, so every copy is the same bytes. */
  headers: [string, string][];
  /** The body, and the same compressed once here for every reader who accepts an encoding. */
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Brotli's quality of `brotli`: a copy readers keep asking for is compressed again at the best. */
  brotliQuality: number;
  /** A weak validator of the body, computed once here, not per view. */
  etag: string;
  storedAt: number;
}

/** What a render hands the cache: the page as it went out. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface PageCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
  /** How long after its lifetime an entry may still answer when a render fails or runs late. */
  staleMs: number;
  /** Served this many times, a copy is compressed again at brotli's best quality. */
  bestBrotliAfterHits?: number;
}

export const DEFAULT_PAGE_CACHE: PageCacheOptions = {
  maxEntries: 2000,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: 10_000,
  staleMs: 300_000,
};
/** The logged-in readers' shared copies: fewer pages are read logged in. */
export const READER_PAGE_CACHE: PageCacheOptions = {
  maxEntries: 1000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 10_000,
  staleMs: 300_000,
};

/*
 * Brotli's quality 5 makes the home page (181 KB) 19.5 KB in a few ms, on libuv's threads, so the
 * readers served from the cache meanwhile do not wait. Quality 11 makes it 2.4 KB smaller but
 * takes 0.3–0.6 s of a thread: only a copy served a few times pays it, once, one copy at a time,
 * and a render that comes out the same bytes keeps its copy's compressed forms (decision 090).
 */
const FIRST_BROTLI_QUALITY = 5;
const BEST_BROTLI_QUALITY = 11;
const BEST_BROTLI_AFTER_HITS = 3;

const brotliAt = (body: Buffer, quality: number) =>
  brotliCompressed(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** The page as the cache keeps it; compressed here unless `previous` is a copy of the same bytes. */
export async function copyOfPage(rendered: RenderedPage, previous?: CachedPage): Promise<CachedPage> {
  const page = { status: rendered.status, headers: rendered.headers, body: rendered.body, storedAt: Date.now() };
  if (previous?.body.equals(rendered.body)) {
    const { gzip, brotli, brotliQuality, etag } = previous;
    return { ...page, gzip, brotli, brotliQuality, etag };
  }
  const [gzip, brotli] = await Promise.all([gzipped(rendered.body), brotliAt(rendered.body, FIRST_BROTLI_QUALITY)]);
  return { ...page, gzip, brotli, brotliQuality: FIRST_BROTLI_QUALITY, etag: entityTag(rendered.body) };
}

const sizeOf = (page: CachedPage) => page.body.length + page.gzip.length + page.brotli.length;

export function createPageCache(options: PageCacheOptions = DEFAULT_PAGE_CACHE) {
  const entries = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  const hits = new WeakMap<CachedPage, number>();
  const bestBrotliAfterHits = options.bestBrotliAfterHits ?? BEST_BROTLI_AFTER_HITS;
  let compressingBest = false;
  let bytes = 0;
  // Bumped by every invalidation, so a render that started before it is not stored after it.
  let generation = 0;

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

  /** The entry if it is no older than `maxAgeMs`; one past its stale time is dropped. */
  function lookUp(key: string, maxAgeMs: number): CachedPage | undefined {
    const page = entries.get(key);
    if (!page) return undefined;
    const age = Date.now() - page.storedAt;
    if (age > options.ttlMs + options.staleMs) {
      remove(key);
      return undefined;
    }
    if (age > maxAgeMs) return undefined;
    // Re-insert: Map order is the LRU order.
    entries.delete(key);
    entries.set(key, page);
    noteHit(key, page);
    return page;
  }

  /** Compresses a copy served often enough at the best quality, replacing it unless it changed meanwhile. */
  function noteHit(key: string, page: CachedPage) {
    if (page.brotliQuality === BEST_BROTLI_QUALITY || compressingBest) return;
    const count = (hits.get(page) ?? 0) + 1;
    hits.set(page, count);
    if (count < bestBrotliAfterHits) return;
    compressingBest = true;
    brotliAt(page.body, BEST_BROTLI_QUALITY)
      .then((brotli) => {
        if (entries.get(key) === page) store(key, { ...page, brotli, brotliQuality: BEST_BROTLI_QUALITY });
      })
      // The quality-5 copy keeps answering.
      .catch(() => undefined)
      .finally(() => {
        compressingBest = false;
      });
  }

  return {
    get: (key: string): CachedPage | undefined => lookUp(key, options.ttlMs),

    /** The last copy of the page, even past its lifetime: for when a fresh one cannot be had. */
    getStale: (key: string): CachedPage | undefined => lookUp(key, options.ttlMs + options.staleMs),

    /**
     * Renders once for many concurrent misses of the same page (a story going viral):
     * the first request renders, the others wait for it. With `store: false` (a HEAD) the
     * render answers this request alone and neither stores nor replaces an entry.
     */
    async getOrRender(key: string, render: () => Promise<RenderedPage | null>, { store: keep = true } = {}) {
      const cached = this.get(key);
      if (cached) return { page: cached, hit: true };
      const pending = inFlight.get(key);
      if (pending) return { page: await pending, hit: true };
      if (!keep) {
        const rendered = await render();
        return { page: rendered ? await copyOfPage(rendered, entries.get(key)) : null, hit: false };
      }
      const startedAt = generation;
      const rendering = (async () => {
        const rendered = await render();
        if (!rendered) return null;
        // The expired copy, if the render came out the same, lends it its compressed forms.
        const page = await copyOfPage(rendered, entries.get(key));
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
