/*
 * Broadsheet's service worker (issue 14, decision 014). It makes the site installable and
 * lets a reader open their Read Later posts without a network. The page decides what is kept
 * (app/lib/offline/read-later-offline.ts writes the "broadsheet-read-later" cache); this
 * worker only answers from that cache when the network fails, so nobody ever gets a stale
 * page while online.
 */
const READ_LATER_CACHE = "broadsheet-read-later";
const SHELL_CACHE = "broadsheet-shell-v1";
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(OFFLINE_PAGE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("broadsheet-shell-") && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function fromReadLater(request) {
  const cache = await caches.open(READ_LATER_CACHE);
  return cache.match(request, { ignoreVary: true });
}

/** A page: the network, refreshing a kept copy; offline, the kept copy or the offline page. */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (await fromReadLater(request))) {
      const cache = await caches.open(READ_LATER_CACHE);
      await cache.put(request.url, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await fromReadLater(request);
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

/** Scripts, styles and images: the network (with its HTTP cache), else a kept copy. */
async function asset(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await fromReadLater(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
  } else if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/media/")) {
    event.respondWith(asset(request));
  }
});
