import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { postCoauthors, posts, postTags, sitemapListings, tags } from "../db/schema";
import { insertCategory, insertPost, insertType, insertUser } from "../testing/fixtures";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * sitemap_listings (decision 091) against a full pass over the posts, after each kind of write
 * the triggers must follow: the newest update of the published posts of every category, type,
 * author (own and co-written) and tag, and no row for a listing with none.
 */
describe(`the sitemap's listings follow every write, on ${testDatabaseKind()}`, () => {
  const context = useTestApp();
  const db = (): Database => context.database.db;
  const ids = { news: "", sport: "", brief: "", ann: "", bob: "", red: "", blue: "" };
  const made: { id: string; slug: string }[] = [];
  const minutes = (count: number) => new Date(Date.UTC(2025, 5, 1) + count * 60_000);

  beforeAll(async () => {
    ids.news = (await insertCategory(db(), "Listing News")).id;
    ids.sport = (await insertCategory(db(), "Listing Sport")).id;
    ids.brief = (await insertType(db(), ids.news, "Listing Brief")).id;
    ids.ann = (await insertUser(db(), { name: "Ann Listing" })).id;
    ids.bob = (await insertUser(db(), { name: "Bob Listing" })).id;
    const [red, blue] = await db()
      .insert(tags)
      .values([
        { name: "Listing Red", slug: "listing-red" },
        { name: "Listing Blue", slug: "listing-blue" },
      ])
      .returning();
    ids.red = red?.id ?? "";
    ids.blue = blue?.id ?? "";
    for (let index = 0; index < 4; index += 1) {
      const post = await insertPost(db(), {
        categoryId: ids.news,
        typeId: ids.brief,
        authorId: ids.ann,
        updatedAt: minutes(index),
      });
      made.push(post);
      await db()
        .insert(postTags)
        .values([
          { postId: post.id, tagId: ids.red },
          ...(index % 2 === 0 ? [{ postId: post.id, tagId: ids.blue }] : []),
        ]);
    }
    await db()
      .insert(postCoauthors)
      .values({ postId: made[3]?.id ?? "", userId: ids.bob });
  });

  const post = (index: number) => made[index]?.id ?? "";

  /** What a full pass over the posts says. */
  async function fullPass() {
    const result = await db().execute(sql`
      select 'category' as kind, category_id as key, max(updated_at) as newest from posts where is_published group by category_id
      union all select 'type', type_id, max(updated_at) from posts where is_published and type_id is not null group by type_id
      union all select 'author', user_id, max(updated_at) from (
        select author_id as user_id, updated_at from posts where is_published and author_id is not null
        union all select c.user_id, p.updated_at from post_coauthors c join posts p on p.id = c.post_id where p.is_published
      ) as bylines group by user_id
      union all select 'tag', t.tag_id, max(p.updated_at) from post_tags t join posts p on p.id = t.post_id
        where p.is_published group by t.tag_id`);
    const rows = (result as unknown as { rows: { kind: string; key: string; newest: Date | string }[] }).rows;
    return rows.map((row) => `${row.kind} ${row.key} ${new Date(row.newest).toISOString()}`).sort();
  }

  async function expectExact() {
    const kept = await db().select().from(sitemapListings);
    expect(kept.map((row) => `${row.kind} ${row.key} ${row.lastModified.toISOString()}`).sort()).toEqual(
      await fullPass(),
    );
  }

  const newestOf = async (kind: "category" | "type" | "author" | "tag", key: string) =>
    (
      await db()
        .select({ at: sitemapListings.lastModified })
        .from(sitemapListings)
        .where(sql`${sitemapListings.kind} = ${kind} and ${sitemapListings.key} = ${key}`)
    )[0]?.at ?? null;

  it("starts from what is published, and an edit makes its listings newer", async () => {
    await expectExact();
    expect(await newestOf("tag", ids.blue)).toEqual(minutes(2));
    await db()
      .update(posts)
      .set({ updatedAt: minutes(10) })
      .where(eq(posts.id, post(0)));
    await expectExact();
    expect(await newestOf("tag", ids.blue)).toEqual(minutes(10));
    expect(await newestOf("author", ids.bob)).toEqual(minutes(3));
  });

  it("goes back to the next newest when the newest post is unpublished, made older, moved or deleted", async () => {
    await db()
      .update(posts)
      .set({ isPublished: false })
      .where(eq(posts.id, post(0)));
    await expectExact();
    expect(await newestOf("tag", ids.blue)).toEqual(minutes(2));
    await db()
      .update(posts)
      .set({ isPublished: true })
      .where(eq(posts.id, post(0)));
    await db()
      .update(posts)
      .set({ updatedAt: minutes(1) })
      .where(eq(posts.id, post(0)));
    await expectExact();
    await db()
      .update(posts)
      .set({ categoryId: ids.sport, typeId: null, authorId: ids.bob })
      .where(eq(posts.id, post(3)));
    await expectExact();
    expect(await newestOf("category", ids.sport)).toEqual(minutes(3));
    await db()
      .delete(posts)
      .where(eq(posts.id, post(2)));
    await expectExact();
  });

  it("follows tags and co-authors replaced in one transaction, taken away, and a tag deleted", async () => {
    await db().transaction(async (tx) => {
      await tx.delete(postTags).where(eq(postTags.postId, post(1)));
      await tx.insert(postTags).values({ postId: post(1), tagId: ids.blue });
    });
    await expectExact();
    await db()
      .delete(postCoauthors)
      .where(eq(postCoauthors.postId, post(3)));
    await expectExact();
    await db()
      .insert(postCoauthors)
      .values({ postId: post(1), userId: ids.bob });
    await expectExact();
    await db().delete(postTags).where(eq(postTags.tagId, ids.red));
    await expectExact();
    expect(await newestOf("tag", ids.red)).toBeNull();
    await db().delete(tags).where(eq(tags.id, ids.blue));
    await expectExact();
    expect(await newestOf("tag", ids.blue)).toBeNull();
  });
});
