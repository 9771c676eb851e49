import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { closeHttpServer, createHttpServer, listen } from "../server";
import { insertCategory } from "../testing/fixtures";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { serveCachedPages } from "./cached-page-listener";

const context = useTestApp({ pages: true });
const IMAGE = `/media/${"c".repeat(64)}.webp`;

async function createPost(title: string) {
  const editor = await signUp(context.app, { role: "editor" });
  const category = await insertCategory(context.database.db, `Desk ${Math.random().toString(36).slice(2, 8)}`);
  const response = await editor.agent.post("/api/posts", { title, category: category.slug, image: [IMAGE] });
  expect(response.status).toBe(201);
  return { editor, post: response.body as { _id: string; slug: string; categorySlug: string } };
}

const get = (path: string, headers: Record<string, string> = {}) => context.app.request(path, { headers });
const scriptSources = (response: Response) =>
  (response.headers.get("content-security-policy") ?? "").match(/script-src ([^;]*)/)?.[1]?.split(" ") ?? [];
/** What a page's inline scripts hash to, found here with a regular expression of the test's own. */
function inlineScriptHashesOf(html: string): string[] {
  const scripts = [...html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) => !/\ssrc=|application\/ld\+json/.test(attributes ?? ""),
  );
  return scripts.map(
    ([, , text]) =>
      `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
  );
}

describe(`page cache for anonymous readers on ${testDatabaseKind()}`, () => {
  it("serves the second anonymous request from memory with CDN-friendly headers and an ETag", async () => {
    const first = await get("/search?cache-test=1");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await get("/search?cache-test=1");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await second.text()).toBe(await first.text());

    const revalidated = await get("/search?cache-test=1", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("allows exactly the inline scripts of a cached page, by their hashes, with no nonce to reuse", async () => {
    const rendered = await get("/?hash-test=1");
    const copy = await get("/?hash-test=1");
    expect([rendered, copy].map((page) => page.headers.get("x-cache"))).toEqual(["MISS", "HIT"]);
    const html = await copy.text();
    const hashes = inlineScriptHashesOf(html);
    // The early-input catcher, the router's context, its module (kept inert) and the starter at least.
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain('<script type="text/x-router-module"');
    expect(scriptSources(copy).toSorted()).toEqual(["'self'", ...new Set(hashes)].toSorted());
    expect(html).not.toMatch(/nonce=/);
  });

  it("serves brotli to clients that offer it and gzip to those that offer only gzip, both of the same page", async () => {
    const plain = await (await get("/?encoding-test=1")).text();
    const brotli = await get("/?encoding-test=1", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers.get("x-cache")).toBe("HIT");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(brotli.headers.get("content-length")).toBe(String(brotliBody.length));
    expect(brotliDecompressSync(brotliBody).toString("utf8")).toBe(plain);
    const gzip = await get("/?encoding-test=1", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const gzipBody = Buffer.from(await gzip.arrayBuffer());
    expect(gunzipSync(gzipBody).toString("utf8")).toBe(plain);
    // Brotli is the smaller of the two, which is why it is offered first.
    expect(brotliBody.length).toBeLessThan(gzipBody.length);
  });

  it("never caches pages for logged-in readers, and never caches 404s", async () => {
    const { agent } = await signUp(context.app);
    for (let i = 0; i < 2; i++) {
      const response = await context.app.request("/?personal=1", { headers: { cookie: agent.cookie ?? "" } });
      expect(response.headers.get("x-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      expect(await response.text()).toContain("Logout");
    }
    await get("/no-such-page-cache");
    const missing = await get("/no-such-page-cache");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-cache")).toBeNull();
  });

  it("shows a write made through the services alone (no HTTP: the CLI, the seed, a job) to the next anonymous request", async () => {
    const category = await insertCategory(context.database.db, `Desk ${Math.random().toString(36).slice(2, 8)}`);
    const page = `/search?category=${encodeURIComponent(category.name)}`;
    await get(page);
    expect((await get(page)).headers.get("x-cache")).toBe("HIT");
    const editor = await signUp(context.app, { role: "editor" });
    const created = await context.app.services.posts.createPost(
      {
        title: "Written by a script",
        link: "",
        category: category.slug,
        type: "",
        content: "<p>Scripted</p>",
        image: [IMAGE],
      },
      editor.user._id,
      { id: editor.user._id, isStaff: true },
    );
    expect(await (await get(page)).text()).toContain("Written by a script");
    await context.app.services.posts.togglePublish(created._id);
    expect(await (await get(page)).text()).not.toContain("Written by a script");
    await context.app.services.taxonomy.createCategory("Scripted Desk");
    expect(await (await get("/search")).text()).toContain("Scripted Desk");
  });

  it("shows an edit, an unpublish and a delete to the very next anonymous request", async () => {
    const { editor, post } = await createPost("Original headline");
    await get(`/search?search=Original%20headline`);
    expect((await get(`/search?search=Original%20headline`)).headers.get("x-cache")).toBe("HIT");

    const edited = await editor.agent.patch(`/api/posts/${post._id}`, {
      title: "Corrected headline",
      category: post.categorySlug,
      image: [IMAGE],
    });
    expect(edited.status).toBe(200);
    const oldSearch = await get(`/search?search=Original%20headline`);
    expect(oldSearch.headers.get("x-cache")).toBe("MISS");
    expect(await (await get(`/search?search=Corrected%20headline`)).text()).toContain("Corrected headline");

    await get(`/search?search=headline`);
    expect((await get(`/search?search=headline`)).headers.get("x-cache")).toBe("HIT");
    await editor.agent.patch(`/api/posts/${post._id}/publish`);
    const afterUnpublish = await get(`/search?search=headline`);
    expect(afterUnpublish.headers.get("x-cache")).toBe("MISS");
    expect(await afterUnpublish.text()).not.toContain("Corrected headline");

    await editor.agent.patch(`/api/posts/${post._id}/publish`);
    await get(`/search?search=headline`);
    await editor.agent.delete(`/api/posts/${post._id}`);
    expect(await (await get(`/search?search=headline`)).text()).not.toContain("Corrected headline");
  });

  it("does not clear the cache for a reader's like", async () => {
    const { post } = await createPost("Likeable story");
    const reader = await signUp(context.app);
    await get("/?like-test=1");
    await reader.agent.put(`/api/posts/addLike/${post._id}`);
    expect((await get("/?like-test=1")).headers.get("x-cache")).toBe("HIT");
  });
});

describe("the socket-level fast path for cached pages", () => {
  it("answers a cached page before the app (no request id), and lets logged-in readers through", async () => {
    const server = createHttpServer(context.app, serveCachedPages(context.app.services.publicPages.cache));
    const port = await listen(server, 0, "127.0.0.1");
    const base = `http://127.0.0.1:${port}`;
    try {
      const first = await fetch(`${base}/?fast=1`);
      expect(first.headers.get("x-cache")).toBe("MISS");
      expect(first.headers.get("x-request-id")).toBeTruthy();
      const second = await fetch(`${base}/?fast=1`);
      expect(second.headers.get("x-cache")).toBe("HIT");
      expect(second.headers.get("x-request-id")).toBeNull();
      const policy = (response: Response) => response.headers.get("content-security-policy");
      expect(policy(second)).toBe(policy(first));
      expect(await second.text()).toBe(await first.text());
      const notModified = await fetch(`${base}/?fast=1`, {
        headers: { "if-none-match": second.headers.get("etag") ?? "" },
      });
      expect(notModified.status).toBe(304);

      const { agent } = await signUp(context.app);
      const personal = await fetch(`${base}/?fast=1`, { headers: { cookie: agent.cookie ?? "" } });
      expect(personal.headers.get("x-cache")).toBeNull();
      expect(await personal.text()).toContain("Logout");
    } finally {
      await closeHttpServer(server, 1000);
    }
  });
});
