import { gunzipSync } from "node:zlib";
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
const nonceOf = (response: Response) => response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
/** A page's HTML with its CSP nonce taken out: copies of one page differ only there. */
const withoutNonce = async (response: Response) => (await response.text()).replaceAll(nonceOf(response) ?? "", "");

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
    expect(await withoutNonce(second)).toBe(await withoutNonce(first));

    const revalidated = await get("/search?cache-test=1", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("gives every copy of a cached page a CSP nonce of its own, the one its HTML carries", async () => {
    const rendered = await get("/?nonce-test=1");
    const copies = [rendered, await get("/?nonce-test=1"), await get("/?nonce-test=1")];
    expect(copies.map((copy) => copy.headers.get("x-cache"))).toEqual(["MISS", "HIT", "HIT"]);
    const nonces = copies.map(nonceOf);
    expect(new Set(nonces).size).toBe(3);
    for (const [index, copy] of copies.entries()) {
      const html = await copy.text();
      expect(html).toContain(`nonce="${nonces[index]}"`);
      for (const other of nonces.filter((_, at) => at !== index)) expect(html).not.toContain(other);
    }
  });

  it("serves gzip to clients that accept it, with the nonce of its header inside", async () => {
    const plain = await get("/?gzip-test=1");
    const response = await get("/?gzip-test=1", { "accept-encoding": "gzip, br" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // gunzip checks the stream's CRC and length: the nonce spliced in per response must keep them right.
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(html).toContain(`nonce="${nonceOf(response)}"`);
    expect(html.replaceAll(nonceOf(response) ?? "", "")).toBe(await withoutNonce(plain));
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
      const policy = (response: Response) =>
        response.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, "");
      expect(policy(second)).toBe(policy(first));
      expect(nonceOf(second)).not.toBe(nonceOf(first));
      expect(await withoutNonce(second)).toBe(await withoutNonce(first));
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
