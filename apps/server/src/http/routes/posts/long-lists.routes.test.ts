import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* A list longer than lists count one by one (10,000 posts): its total is estimated and said so (decision 089). */

const context = useTestApp();
const POSTS = 10_050;
let category: { id: string; slug: string };
let emptyCategory: { slug: string };

beforeAll(async () => {
  category = await insertCategory(context.database.db, "Long Desk");
  emptyCategory = await insertCategory(context.database.db, "Empty Desk");
  await context.database.db.execute(sql`
    insert into posts (title, slug, sku, category_id, is_published, images, created_at)
    select 'Long story ' || n, 'long-story-' || n, 'LNG-' || n, ${category.id},
           true, array['/media/example.webp'], timestamptz '2020-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${POSTS}) as n`);
  // A tag on every one of them: its list by date is read from post_tags (decision 090).
  await context.database.db.execute(sql`
    with tag as (insert into tags (name, slug) values ('Long tag', 'long-tag') returning id)
    insert into post_tags (post_id, tag_id) select posts.id, tag.id from posts, tag where posts.category_id = ${category.id}`);
  // The estimate comes from the tables' statistics.
  await context.database.db.execute(sql`analyze posts`);
  await context.database.db.execute(sql`analyze post_tags`);
}, 120_000);

const list = (query: string) => new TestAgent(context.app).get(`/api/posts?category=${category.slug}&${query}`);
const tagged = (query: string) => new TestAgent(context.app).get(`/api/posts?tag=long-tag&${query}`);

describe(`a list of over 10,000 posts on ${testDatabaseKind()}`, () => {
  it("answers an estimated total, says it is one, and still lists the newest first", async () => {
    const first = await list("limit=9");
    expect(first.status).toBe(200);
    expect(first.body.totalIsEstimate).toBe(true);
    // To two significant digits, and never below what was counted.
    expect(first.body.total).toBeGreaterThanOrEqual(10_000);
    expect(first.body.total).toBeLessThanOrEqual(11_000);
    expect(first.body.total % 100).toBe(0);
    expect(first.body.items.map((post: { title: string }) => post.title).slice(0, 2)).toEqual([
      "Long story 10050",
      "Long story 10049",
    ]);
  });

  it("reads a deep page, even the last one a little past the estimate, and the page after the end is empty", async () => {
    const deep = await list("limit=9&page=1001");
    expect(deep.body.items.map((post: { title: string }) => post.title)).toEqual(
      Array.from({ length: 9 }, (_, at) => `Long story ${POSTS - 9000 - at}`),
    );
    const last = await list("limit=10&page=1005");
    expect(last.body.items.map((post: { title: string }) => post.title)).toEqual(
      Array.from({ length: 10 }, (_, at) => `Long story ${10 - at}`),
    );
    expect((await list("limit=10&page=1006")).body.items).toEqual([]);
  });

  it("estimates a tag's total past the bound and reads its deep pages and its last in date order", async () => {
    const first = await tagged("limit=9");
    expect(first.body.totalIsEstimate).toBe(true);
    expect(first.body.total).toBeGreaterThanOrEqual(10_000);
    expect(first.body.total).toBeLessThanOrEqual(11_000);
    const deep = await tagged("limit=9&page=1001");
    expect(deep.body.items.map((post: { title: string }) => post.title)).toEqual(
      Array.from({ length: 9 }, (_, at) => `Long story ${POSTS - 9000 - at}`),
    );
    const last = await tagged("limit=10&page=1005&sort=oldest");
    expect(last.body.items.map((post: { title: string }) => post.title)).toEqual(
      Array.from({ length: 10 }, (_, at) => `Long story ${10_041 + at}`),
    );
  });

  it("counts a list under the bound exactly", async () => {
    const none = await new TestAgent(context.app).get(`/api/posts?category=${emptyCategory.slug}`);
    expect(none.body).toMatchObject({ items: [], total: 0, totalIsEstimate: false });
  });
});
