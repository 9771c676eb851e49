import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Tags (docs/product/tags.md): made as posts are saved, listed, filtered, fed, renamed, merged, deleted. */

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const IMAGE = `/media/${"c".repeat(64)}.webp`;

let editor: TestAgent;
let reader: TestAgent;
let sequence = 0;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor", name: "Tess Tagger" })).agent;
  reader = (await signUp(context.app)).agent;
  await insertCategory(context.database.db, "Science");
});

/** A word no other test uses, so tests sharing this file's database do not collide. */
const unique = (word: string) => `${word}${(++sequence).toString(36)}${Date.now().toString(36).slice(-4)}`;

interface Tag {
  _id: string;
  name: string;
  slug: string;
  postCount: number;
}

async function createPost(tags: string[], overrides: Record<string, unknown> = {}) {
  const response = await editor.post("/api/posts", {
    title: `Post ${unique("t")}`,
    category: "Science",
    content: "<p>Body text.</p>",
    image: [IMAGE],
    tags,
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body as { _id: string; slug: string; tags: { name: string; slug: string }[] };
}

async function tagNamed(name: string, agent = anonymous()): Promise<Tag | undefined> {
  const response = await agent.get(`/api/tags?search=${encodeURIComponent(name)}&limit=50`);
  expect(response.status).toBe(200);
  return (response.body.items as Tag[]).find((tag) => tag.name.toLowerCase() === name.toLowerCase());
}

const slugsOf = (page: { items: { slug: string }[] }) => page.items.map((item) => item.slug);

describe(`tags on ${testDatabaseKind()}`, () => {
  it("makes tags as a post is saved: trimmed, once per name in any case, in the editor's order", async () => {
    const word = unique("Quantum");
    const post = await createPost([`  ${word} Physics `, "Space", `${word.toUpperCase()} PHYSICS`, ""]);
    expect(post.tags).toEqual([
      { name: `${word} Physics`, slug: `${word.toLowerCase()}-physics` },
      { name: "Space", slug: "space" },
    ]);
    // Another post reuses the tags whatever their case; no second "space" tag.
    const other = await createPost(["space", `${word} physics`]);
    expect(other.tags.map((tag) => tag.slug)).toEqual(["space", `${word.toLowerCase()}-physics`]);
    const read = await anonymous().get(`/api/posts/${post.slug}`);
    expect(read.body.tags).toEqual(post.tags);
    expect((await tagNamed(`${word} Physics`))?.postCount).toBe(2);
  });

  it("suffixes a slug another tag has, and keeps non-Latin names in their own letters", async () => {
    const word = unique("c");
    const first = await createPost([`${word} Plus`]);
    const second = await createPost([`${word}+ plus!`]);
    expect(first.tags[0]?.slug).toBe(`${word}-plus`);
    expect(second.tags[0]?.slug).toBe(`${word}-plus-2`);
    const cyrillic = await createPost([`Наука ${word}`]);
    expect(cyrillic.tags[0]).toEqual({ name: `Наука ${word}`, slug: `наука-${word}` });
  });

  it("updates a post's tags, and leaves them when the update sends none", async () => {
    const word = unique("Edit");
    const post = await createPost([`${word} One`, `${word} Two`]);
    const base = { title: "Edited", category: "Science", content: "<p>x</p>", image: [IMAGE] };
    const kept = await editor.patch(`/api/posts/${post._id}`, base);
    expect(kept.body.tags.map((tag: { name: string }) => tag.name)).toEqual([`${word} One`, `${word} Two`]);
    const changed = await editor.patch(`/api/posts/${post._id}`, { ...base, tags: [`${word} Two`, `${word} Three`] });
    expect(changed.status).toBe(200);
    expect(changed.body.tags.map((tag: { name: string }) => tag.name)).toEqual([`${word} Two`, `${word} Three`]);
    const cleared = await editor.patch(`/api/posts/${post._id}`, { ...base, tags: [] });
    expect(cleared.body.tags).toEqual([]);
    expect((await anonymous().get(`/api/posts/${post._id}`)).body.tags).toEqual([]);
  });

  it.each([
    [{ tags: ["x".repeat(61)] }, "A tag must be at most 60 characters"],
    [{ tags: Array.from({ length: 31 }, (_, index) => `tag ${index}`) }, "A post can have at most 30 tags"],
    [{ tags: "not a list" }, "A post can have at most 30 tags"],
  ])("refuses bad tags %# with 400 and the message", async (body, message) => {
    const response = await editor.post("/api/posts", {
      title: "Bad tags",
      category: "Science",
      image: [IMAGE],
      ...body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("counts published posts for readers and drafts too for staff; lists by name with a prefix search", async () => {
    const word = unique("Draftish");
    await createPost([word]);
    await createPost([word], { isPublished: false });
    expect((await tagNamed(word))?.postCount).toBe(1);
    expect((await tagNamed(word, editor))?.postCount).toBe(2);
    const prefix = unique("Alpha");
    await createPost([`${prefix} b`, `${prefix} a`, `x ${prefix}`]);
    const listed = await anonymous().get(`/api/tags?search=${prefix.toLowerCase()}`);
    expect(listed.body.items.map((tag: Tag) => tag.name)).toEqual([`${prefix} a`, `${prefix} b`]);
    expect(listed.body.total).toBe(2);
  });

  it("filters posts by ?tag= with paging, and finds them by a tag's name in a search", async () => {
    const word = unique("Volcano");
    const posts = [await createPost([word]), await createPost([word]), await createPost([word])];
    await createPost([]);
    const slug = word.toLowerCase();
    const first = await anonymous().get(`/api/posts?tag=${slug}&limit=2`);
    expect(first.body.total).toBe(3);
    expect(slugsOf(first.body)).toEqual([posts[2]?.slug, posts[1]?.slug]);
    const second = await anonymous().get(`/api/posts?tag=${slug}&limit=2&page=2`);
    expect(slugsOf(second.body)).toEqual([posts[0]?.slug]);
    expect((await anonymous().get(`/api/posts?tag=no-such-tag-${slug}`)).body.total).toBe(0);
    const found = await anonymous().get(`/api/posts?search=${word}`);
    expect(slugsOf(found.body).sort()).toEqual(posts.map((post) => post.slug).sort());
  });

  it("answers a tag's page data by slug or id, and 404 for an unknown one", async () => {
    const word = unique("Page");
    await createPost([word]);
    const tag = await anonymous().get(`/api/tags/${word.toLowerCase()}`);
    expect(tag.status).toBe(200);
    expect(tag.body).toEqual({ _id: expect.any(String), name: word, slug: word.toLowerCase(), postCount: 1 });
    expect((await anonymous().get(`/api/tags/${tag.body._id}`)).body.name).toBe(word);
    const missing = await anonymous().get("/api/tags/never-heard-of-it");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Tag not found" });
  });

  it("renames a tag (slug kept unless given), and the posts, lists and tag page show it at once", async () => {
    const word = unique("Old");
    const post = await createPost([word]);
    const tag = (await tagNamed(word)) as Tag;
    // Read once, so the caches hold the old name.
    expect((await anonymous().get(`/api/posts/${post.slug}`)).body.tags[0].name).toBe(word);
    const renamed = await editor.put(`/api/tags/${tag._id}`, { name: `${word} Renamed` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${word} Renamed`, slug: tag.slug });
    expect((await anonymous().get(`/api/posts/${post.slug}`)).body.tags).toEqual([
      { name: `${word} Renamed`, slug: tag.slug },
    ]);
    const newSlug = unique("new-slug");
    const moved = await editor.put(`/api/tags/${tag._id}`, { name: `${word} Renamed`, slug: ` ${newSlug} ` });
    expect(moved.body.slug).toBe(newSlug);
    expect((await anonymous().get(`/api/posts?tag=${newSlug}`)).body.total).toBe(1);
    expect((await anonymous().get(`/api/posts?tag=${tag.slug}`)).body.total).toBe(0);
    expect((await anonymous().get(`/api/tags/${newSlug}`)).body.name).toBe(`${word} Renamed`);
  });

  it("refuses a rename to another tag's name or slug with 409, and bad input with 400", async () => {
    const word = unique("Clash");
    await createPost([`${word} A`, `${word} B`]);
    const a = (await tagNamed(`${word} A`)) as Tag;
    const b = (await tagNamed(`${word} B`)) as Tag;
    const sameName = await editor.put(`/api/tags/${a._id}`, { name: `${word} b` });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: "Another tag already has this name" });
    const sameSlug = await editor.put(`/api/tags/${a._id}`, { name: `${word} A`, slug: b.slug });
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body).toEqual({ message: "Another tag already has this slug" });
    expect((await editor.put(`/api/tags/${a._id}`, { name: "  " })).body).toEqual({
      message: "Please give the tag a name",
    });
    const fromName = await editor.put(`/api/tags/${a._id}`, { name: `${word} Fresh`, slug: "--" });
    expect(fromName.body.slug).toBe(`${word.toLowerCase()}-fresh`);
    expect((await editor.put(`/api/tags/${a._id}`, { name: "x".repeat(61) })).status).toBe(400);
    expect((await editor.put("/api/tags/00000000-0000-4000-8000-000000000000", { name: "Ghost" })).status).toBe(404);
  });

  it("merges a tag into another: its posts get the other tag once, in the same place, and it is gone", async () => {
    const word = unique("Merge");
    const both = await createPost([`${word} From`, "Keep", `${word} Into`]);
    const onlyFrom = await createPost(["First", `${word} From`]);
    const from = (await tagNamed(`${word} From`)) as Tag;
    const into = (await tagNamed(`${word} Into`)) as Tag;
    const merged = await editor.post(`/api/tags/${from._id}/merge`, { into: into._id });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ _id: into._id, postCount: 2 });
    expect((await anonymous().get(`/api/posts/${both.slug}`)).body.tags.map((tag: Tag) => tag.name)).toEqual([
      "Keep",
      `${word} Into`,
    ]);
    expect((await anonymous().get(`/api/posts/${onlyFrom.slug}`)).body.tags.map((tag: Tag) => tag.name)).toEqual([
      "First",
      `${word} Into`,
    ]);
    expect((await anonymous().get(`/api/tags/${from.slug}`)).status).toBe(404);
    const self = await editor.post(`/api/tags/${into._id}/merge`, { into: into._id });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: "Choose another tag to merge into" });
    expect((await editor.post(`/api/tags/${into._id}/merge`, {})).status).toBe(400);
    // The tag to keep may be named as Admin → Tags types it: by name, in any letter case.
    await createPost([`${word} Third`]);
    const byName = (await tagNamed(`${word} Third`)) as Tag;
    const named = await editor.post(`/api/tags/${byName._id}/merge`, { into: ` ${word.toUpperCase()} into ` });
    expect(named.body).toMatchObject({ _id: into._id, postCount: 3 });
    expect((await editor.post(`/api/tags/${into._id}/merge`, { into: "no such tag at all" })).status).toBe(404);
  });

  it("deletes a tag: its posts stay and lose it", async () => {
    const word = unique("Gone");
    const post = await createPost([word, "Stays"]);
    const tag = (await tagNamed(word)) as Tag;
    const deleted = await editor.delete(`/api/tags/${tag._id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Tag deleted" });
    const read = await anonymous().get(`/api/posts/${post.slug}`);
    expect(read.status).toBe(200);
    expect(read.body.tags.map((item: Tag) => item.name)).toEqual(["Stays"]);
    expect((await editor.delete(`/api/tags/${tag._id}`)).status).toBe(404);
  });

  it("refuses changes to anonymous visitors (401) and readers (403), and records them in the audit log", async () => {
    const word = unique("Guarded");
    await createPost([word]);
    const tag = (await tagNamed(word)) as Tag;
    for (const agent of [anonymous(), reader]) {
      const status = agent === reader ? 403 : 401;
      expect((await agent.put(`/api/tags/${tag._id}`, { name: "Hijacked" })).status).toBe(status);
      expect((await agent.post(`/api/tags/${tag._id}/merge`, { into: tag._id })).status).toBe(status);
      expect((await agent.delete(`/api/tags/${tag._id}`)).status).toBe(status);
    }
    expect((await tagNamed(word))?.name).toBe(word);
    await editor.put(`/api/tags/${tag._id}`, { name: `${word} Audited` });
    const admin = (await signUp(context.app, { role: "admin" })).agent;
    await expect
      .poll(async () => JSON.stringify((await admin.get("/api/audit?action=tag")).body))
      .toContain(`${word} Audited`);
  });

  it("serves a tag's RSS feed with its published posts, and 404 for an unknown tag", async () => {
    const word = unique("Feedy");
    const post = await createPost([word]);
    await createPost([word], { isPublished: false, title: `Secret ${word}` });
    const response = await anonymous().get(`/tag/${word.toLowerCase()}/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = await new Parser().parseString(response.body as string);
    expect(feed.title).toContain(word);
    expect(feed.link).toBe(`http://localhost:3000/tag/${word.toLowerCase()}`);
    expect(feed.items.map((item) => item.link)).toEqual([`http://localhost:3000/page/${post.slug}`]);
    expect((await anonymous().get(`/tag/${word.toLowerCase()}/atom.xml`)).status).toBe(200);
    expect((await anonymous().get("/tag/no-such-tag-at-all/rss.xml")).status).toBe(404);
  });

  it("lists tags with a published post in the sitemap", async () => {
    const listed = unique("Mapped");
    const hidden = unique("Unmapped");
    await createPost([listed]);
    await createPost([hidden], { isPublished: false });
    const sitemap = (await anonymous().get("/sitemap.xml")).body as string;
    expect(sitemap).toContain(`<loc>http://localhost:3000/tag/${listed.toLowerCase()}</loc>`);
    expect(sitemap).not.toContain(`/tag/${hidden.toLowerCase()}<`);
  });
});
