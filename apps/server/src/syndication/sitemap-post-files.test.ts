import { postPath } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, sitemapPostFiles } from "../db/schema";
import { insertCategory, insertPost } from "../testing/fixtures";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { createSyndicationService, type SitemapUrl } from "./syndication.service";

/*
 * The kept files of posts (decision 091) against what a full pass over the posts would say,
 * after each kind of write: every published post exactly once, newest first across the files,
 * none past the per-file limit, none empty, and each file's lastmod its newest update.
 */
describe(`the sitemap's files of posts follow every write, on ${testDatabaseKind()}`, () => {
  const context = useTestApp();
  const PER_FILE = 4;
  const HOUR = 3_600_000;
  const base = Date.UTC(2025, 0, 1);
  let categoryId = "";

  beforeAll(async () => {
    categoryId = (await insertCategory(context.database.db, "Kept Files")).id;
    for (let index = 0; index < 10; index += 1) await publish(index);
  });

  const db = () => context.database.db;
  const publish = (hour: number, label = "") =>
    insertPost(db(), {
      categoryId,
      slug: `kept-${hour}${label}`.replace(".", "-"),
      publishedAt: new Date(base + hour * HOUR),
    });

  /** A fresh service and read cache each time: what a server would answer after the write. */
  async function sitemap() {
    const reads = context.app.services.publicPages.reads;
    reads.invalidateAll();
    const syndication = createSyndicationService(db(), reads, { sitemapUrlsPerFile: PER_FILE });
    const index = await syndication.sitemap();
    if (index.kind !== "index") throw new Error("expected a sitemap index");
    const files = index.files.filter((file) => file.section === "posts");
    const contents: SitemapUrl[][] = [];
    for (const file of files) contents.push((await syndication.sitemapFile("posts", file.number)) ?? []);
    return { files, contents };
  }

  /** What a full pass says: every published post, newest first, with its update. */
  const expected = async () =>
    (
      await db()
        .select({ slug: posts.slug, updatedAt: posts.updatedAt })
        .from(posts)
        .where(eq(posts.isPublished, true))
        .orderBy(sql`coalesce(${posts.publishedAt}, ${posts.createdAt}) desc`, sql`${posts.id} desc`)
    ).map((row) => ({ path: postPath(row.slug), lastModified: row.updatedAt.getTime() }));

  async function expectExact() {
    const { files, contents } = await sitemap();
    expect(contents.flat().map((url) => ({ path: url.path, lastModified: url.lastModified.getTime() }))).toEqual(
      await expected(),
    );
    files.forEach((file, index) => {
      const urls = contents[index] ?? [];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(PER_FILE);
      expect(file.lastModified.getTime()).toBe(Math.max(...urls.map((url) => url.lastModified.getTime())));
    });
    // The kept counts are the true ones.
    const kept = await db()
      .select({ posts: sql<number>`sum(${sitemapPostFiles.posts})::int` })
      .from(sitemapPostFiles);
    expect(kept[0]?.posts).toBe(contents.flat().length);
    return { files, contents };
  }

  const paths = (urls: SitemapUrl[] | undefined) => (urls ?? []).map((url) => url.path);

  it("cuts full files from the oldest end, and a new post changes only the newest file", async () => {
    const before = await expectExact();
    // Ten posts in files of four: the newest file holds the two left over.
    expect(before.contents.map((urls) => urls.length)).toEqual([2, 4, 4]);
    await publish(20);
    const after = await expectExact();
    expect(after.contents.map((urls) => urls.length)).toEqual([3, 4, 4]);
    expect(after.contents.slice(1)).toEqual(before.contents.slice(1));
    expect(after.files.slice(1)).toEqual(before.files.slice(1));
  });

  it("moves a file's lastmod to an edit of one of its posts, and back when that post goes", async () => {
    const { files, contents } = await expectExact();
    const oldest = contents.at(-1) ?? [];
    const slug = (oldest[1]?.path ?? "").split("/").pop() ?? "";
    const edited = new Date(Date.now() + 60_000);
    await db().update(posts).set({ updatedAt: edited }).where(eq(posts.slug, slug));
    const afterEdit = await expectExact();
    expect(afterEdit.files.at(-1)?.lastModified.getTime()).toBe(edited.getTime());
    expect(afterEdit.files.slice(0, -1)).toEqual(files.slice(0, -1));

    // Unpublished: gone from its file, whose lastmod is the newest of the others again.
    await db().update(posts).set({ isPublished: false }).where(eq(posts.slug, slug));
    const afterUnpublish = await expectExact();
    expect(paths(afterUnpublish.contents.flat())).not.toContain(postPath(slug));
    expect(afterUnpublish.files.at(-1)?.lastModified.getTime()).toBeLessThan(edited.getTime());

    // Published again, then deleted.
    await db().update(posts).set({ isPublished: true }).where(eq(posts.slug, slug));
    expect(paths((await expectExact()).contents.flat())).toContain(postPath(slug));
    await db().delete(posts).where(eq(posts.slug, slug));
    expect(paths((await expectExact()).contents.flat())).not.toContain(postPath(slug));
  });

  it("splits an old file that back-dated posts fill past the limit", async () => {
    for (const hour of [0.5, 1.5, 2.5]) await publish(hour, "-late");
    const { contents } = await expectExact();
    expect(contents.length).toBeGreaterThan(3);
  });

  it("moves a post whose publication time changes to the file of its new time", async () => {
    const moved = await publish(5.5, "-moving");
    await expectExact();
    await db()
      .update(posts)
      .set({ publishedAt: new Date(base + 30 * HOUR) })
      .where(eq(posts.id, moved.id));
    const { contents } = await expectExact();
    expect(contents[0]?.[0]?.path).toBe(postPath(moved.slug));
  });

  it("joins files that deletions leave nearly empty, and lists no empty file", async () => {
    await db()
      .delete(posts)
      .where(sql`${posts.slug} like 'kept-%' and ${posts.publishedAt} < ${new Date(base + 8 * HOUR)}`);
    const { files } = await expectExact();
    const total = (await expected()).length;
    // Neighbours that fit in half a file are one file: at most two files per full file's worth.
    expect(files.length).toBeLessThanOrEqual(2 * Math.ceil(total / PER_FILE));
  });
});
