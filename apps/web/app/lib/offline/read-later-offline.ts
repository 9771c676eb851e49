import { MEDIA_PATH_PREFIX } from "@broadsheet/domain";

/*
 * Offline copies of a reader's Read Later posts (issue 14, decision 014), kept in Cache
 * Storage by the page itself; public/sw.js answers from them when the network fails. Each
 * copy is the post's page as the reader last saw it plus the scripts, styles and images it
 * names. The copies belong to one reader: another account, or none, clears them.
 */

const CACHE_NAME = "broadsheet-read-later";
/** What is kept for whom: { owner, pages: { path: [asset URLs] } }, stored beside the copies. */
const INDEX_KEY = "/__offline/read-later.json";
/** Pages whose copy is kept with the saved posts, so Read Later itself opens offline. */
const READ_LATER_PATH = "/readLater";
const MAX_ASSETS_PER_PAGE = 40;

interface OfflineIndex {
  owner: string;
  pages: Record<string, string[]>;
}

const supported = () => typeof window !== "undefined" && "caches" in window;

async function readIndex(cache: Cache): Promise<OfflineIndex | null> {
  const response = await cache.match(INDEX_KEY);
  if (!response) return null;
  try {
    return (await response.json()) as OfflineIndex;
  } catch {
    return null;
  }
}

function writeIndex(cache: Cache, index: OfflineIndex): Promise<void> {
  return cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { "Content-Type": "application/json" } }));
}

/** The reader's cache and index; another reader's copies are dropped first. */
async function openFor(owner: string): Promise<{ cache: Cache; index: OfflineIndex }> {
  let cache = await caches.open(CACHE_NAME);
  const index = await readIndex(cache);
  if (index && index.owner === owner) return { cache, index };
  if (index) {
    await caches.delete(CACHE_NAME);
    cache = await caches.open(CACHE_NAME);
  }
  return { cache, index: { owner, pages: {} } };
}

/** Same-origin scripts, styles and images a page names (src, href, srcset). */
export function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/(?:assets|media)\/[^"]+)"/g)) found.add(match[1] ?? "");
  for (const match of html.matchAll(/srcSet="([^"]+)"|srcset="([^"]+)"/g)) {
    for (const candidate of (match[1] ?? match[2] ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0] ?? "";
      if (url.startsWith(MEDIA_PATH_PREFIX)) found.add(url.replace(/&amp;/g, "&"));
    }
  }
  found.delete("");
  return [...found].map((url) => url.replace(/&amp;/g, "&")).slice(0, MAX_ASSETS_PER_PAGE);
}

/** Fetches a page and what it names into the cache; false when the page could not be fetched. */
async function keepPage(cache: Cache, index: OfflineIndex, path: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", headers: { Accept: "text/html" } });
  } catch {
    return Boolean(await cache.match(path));
  }
  if (!response.ok) return false;
  const html = await response.clone().text();
  await cache.put(path, response);
  const assets = assetsOf(html);
  await Promise.all(
    assets.map(async (url) => {
      if (await cache.match(url)) return;
      try {
        const asset = await fetch(url, { credentials: "same-origin" });
        if (asset.ok) await cache.put(url, asset);
      } catch {
        // An image that fails now is fetched again on the next sync.
      }
    }),
  );
  index.pages[path] = assets;
  return true;
}

/** Forgets pages of `index` not in `keep`, and every asset only they used. */
async function dropPages(cache: Cache, index: OfflineIndex, keep: Set<string>): Promise<void> {
  const dropped = Object.keys(index.pages).filter((path) => !keep.has(path));
  if (dropped.length === 0) return;
  const candidates = new Set(dropped);
  for (const path of dropped) {
    for (const url of index.pages[path] ?? []) candidates.add(url);
    delete index.pages[path];
  }
  const stillUsed = new Set(Object.values(index.pages).flat());
  await Promise.all([...candidates].filter((url) => !stillUsed.has(url)).map((url) => cache.delete(url)));
}

/**
 * Keeps exactly the reader's saved posts (their paths) offline, refreshing each copy, and
 * answers the paths that are available offline now.
 */
export async function syncReadLater(owner: string, postPaths: string[]): Promise<Set<string>> {
  if (!supported()) return new Set();
  const { cache, index } = await openFor(owner);
  const wanted = new Set([READ_LATER_PATH, ...postPaths]);
  await dropPages(cache, index, wanted);
  const available = new Set<string>();
  for (const path of wanted) {
    if (await keepPage(cache, index, path)) available.add(path);
  }
  await writeIndex(cache, index);
  available.delete(READ_LATER_PATH);
  return available;
}

/** Keeps one newly saved post offline. */
export async function keepOffline(owner: string, postPath: string): Promise<void> {
  if (!supported()) return;
  const { cache, index } = await openFor(owner);
  await keepPage(cache, index, postPath);
  await writeIndex(cache, index);
}

/** Forgets one post's copy (it left Read Later). */
export async function forgetOffline(owner: string, postPath: string): Promise<void> {
  if (!supported()) return;
  const { cache, index } = await openFor(owner);
  const keep = new Set(Object.keys(index.pages));
  keep.delete(postPath);
  await dropPages(cache, index, keep);
  await cache.delete(postPath);
  await writeIndex(cache, index);
}

/** Forgets every copy unless they are `owner`'s: nobody logged in, or another account, sees none of them. */
export async function keepOnlyOwnersCopies(owner: string | undefined): Promise<void> {
  if (!supported() || !(await caches.has(CACHE_NAME))) return;
  if (owner) {
    // No index yet: this reader's first copies are being written right now.
    const index = await readIndex(await caches.open(CACHE_NAME));
    if (!index || index.owner === owner) return;
  }
  await caches.delete(CACHE_NAME);
}

/** Registers public/sw.js once the page has loaded, so it never competes with first paint. */
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Without the worker the site still works online; offline reading is what is lost.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
