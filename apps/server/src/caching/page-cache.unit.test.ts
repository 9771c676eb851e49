import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { createPageCache, type RenderedPage } from "./page-cache";

/** A page long and varied enough that brotli's best quality beats its quick one, as on a real home page. */
function pageOf(label: string): RenderedPage {
  const cards = Array.from(
    { length: 400 },
    (_, index) =>
      `<article class="card"><a href="/page/story-${label}-${(index * 7919) % 1009}">Story ${index} of ${label}: ${(index * 104729).toString(36)}</a><time dateTime="2026-11-${(index % 28) + 1}">${index % 60} minutes ago</time></article>`,
  );
  return { status: 200, headers: [["content-type", "text/html"]], body: Buffer.from(`<main>${cards.join("")}</main>`) };
}

const options = { maxEntries: 10, maxBytes: 10_000_000, ttlMs: 60_000, staleMs: 60_000, bestBrotliAfterHits: 2 };

describe("page cache: compressed copies", () => {
  it("compresses a copy served often enough again at brotli's best quality, the same page", async () => {
    const cache = createPageCache(options);
    const rendered = pageOf("a");
    const { page: first } = await cache.getOrRender("/", async () => rendered);
    expect(first?.brotliQuality).toBe(5);
    const quick = first?.brotli.length ?? 0;

    cache.get("/");
    cache.get("/");
    await vi.waitFor(() => expect(cache.get("/")?.brotliQuality).toBe(11));
    const best = cache.get("/");
    expect(best?.brotli.length).toBeLessThan(quick);
    expect(brotliDecompressSync(best?.brotli ?? Buffer.alloc(0)).equals(rendered.body)).toBe(true);
    expect(gunzipSync(best?.gzip ?? Buffer.alloc(0)).equals(rendered.body)).toBe(true);
    expect(best?.etag).toBe(first?.etag);
  });

  it("does not put back a copy that a content change cleared while it was being compressed", async () => {
    const cache = createPageCache(options);
    await cache.getOrRender("/", async () => pageOf("b"));
    cache.get("/");
    cache.get("/");
    cache.invalidateAll();
    // Long enough for the best-quality pass to finish.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(cache.get("/")).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it("keeps the compressed forms of an expired copy when the new render is the same bytes, not when it differs", async () => {
    const cache = createPageCache({ ...options, ttlMs: 0 });
    const { page: first } = await cache.getOrRender("/", async () => pageOf("c"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { page: same, hit } = await cache.getOrRender("/", async () => pageOf("c"));
    expect(hit).toBe(false);
    expect(same?.brotli).toBe(first?.brotli);
    expect(same?.gzip).toBe(first?.gzip);
    expect(same?.storedAt).toBeGreaterThan(first?.storedAt ?? 0);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = pageOf("d");
    const { page: other } = await cache.getOrRender("/", async () => changed);
    expect(other?.brotli).not.toBe(first?.brotli);
    expect(other?.etag).not.toBe(first?.etag);
    expect(brotliDecompressSync(other?.brotli ?? Buffer.alloc(0)).equals(changed.body)).toBe(true);
  });
});
