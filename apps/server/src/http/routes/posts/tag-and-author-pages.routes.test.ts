import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../../db/client";
import { insertCategory, insertPost, insertUser } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * A tag's list by date is read from post_tags' copies of each post's date and publication, kept
 * by the database (decision 090); an author without co-bylines is read from their own index.
 * Dates here run in another order than the rows are inserted, so an order taken from anything
 * but the date shows.
 */

const context = useTestApp();
const POSTS = 30;
const START = Date.parse("2024-03-01T00:00:00Z");
const IMAGE = `/media/${"c".repeat(64)}.webp`;

interface Made {
  id: string;
  slug: string;
  at: number;
  published: boolean;
  tagged: boolean;
  elsewhere: boolean;
}

const made: Made[] = [];
let tagSlug: string;
let authorSlug: string;
let coauthorSlug: string;
let category: { id: string; slug: string; name: string };
let editor: TestAgent;
const db = () => context.database.db;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  category = await insertCategory(db(), "Paged Desk");
  const otherCategory = await insertCategory(db(), "Other Paged Desk");
  const author = await insertUser(db(), { role: "editor", name: "Ada Pager", slug: "ada-pager" });
  const coauthor = await insertUser(db(), { role: "editor", name: "Cole Pager", slug: "cole-pager" });
  authorSlug = author.slug;
  coauthorSlug = coauthor.slug;
  tagSlug = "paged-tag";
  const [tag] = await selectRows<{ id: string }>(
    db(),
    sql`insert into tags (name, slug) values ('Paged tag', ${tagSlug}) returning id`,
  );
  for (let n = 0; n < POSTS; n++) {
    // 7 and 30 share no factor: every minute once, in another order than n.
    const at = START + ((n * 7) % POSTS) * 60_000;
    const elsewhere = n % 6 === 1;
    const post = await insertPost(db(), {
      title: `Paged ${n}`,
      slug: `paged-${n}`,
      createdAt: new Date(at),
      isPublished: n % 5 !== 0,
      authorId: n < 4 ? coauthor.id : author.id,
      categoryId: elsewhere ? otherCategory.id : category.id,
    });
    made.push({ id: post.id, slug: post.slug, at, published: post.isPublished, tagged: n % 2 === 1, elsewhere });
  }
  // Tagged after the posts exist, as every writer of post_tags does: the copies come from the post.
  for (const post of made.filter((one) => one.tagged)) {
    await db().execute(sql`insert into post_tags (post_id, tag_id) values (${post.id}, ${tag?.id})`);
  }
  // Cole co-signs three of Ada's posts.
  for (const post of made.slice(10, 13)) {
    await db().execute(
      sql`insert into post_coauthors (post_id, user_id, position) values (${post.id}, ${coauthor.id}, 1)`,
    );
  }
});

const newestFirst = (posts: Made[]) => [...posts].sort((a, b) => b.at - a.at).map((post) => post.slug);
const slugsOf = (body: { items: { slug: string }[] }) => body.items.map((item) => item.slug);
// Readers' lists are cached (10 s): no two reads below ask the same query.
const read = (query: string, agent = new TestAgent(context.app)) => agent.get(`/api/posts?${query}`);

describe(`tag and author pages by date on ${testDatabaseKind()}`, () => {
  it("lists a tag's published posts newest first, page by page, with an exact total, and oldest first", async () => {
    const expected = newestFirst(made.filter((post) => post.tagged && post.published));
    const first = await read(`tag=${tagSlug}&limit=4`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: expected.length, totalIsEstimate: false });
    expect(slugsOf(first.body)).toEqual(expected.slice(0, 4));
    expect(slugsOf((await read(`tag=${tagSlug}&limit=4&page=3`)).body)).toEqual(expected.slice(8, 12));
    const oldest = await read(`tag=${tagSlug}&limit=50&sort=oldest`);
    expect(slugsOf(oldest.body)).toEqual([...expected].reverse());
  });

  it("shows staff the tag's drafts too, in the same order, and their status filter", async () => {
    const everyOne = await read(`tag=${tagSlug}&limit=50`, editor);
    expect(slugsOf(everyOne.body)).toEqual(newestFirst(made.filter((post) => post.tagged)));
    const drafts = await read(`tag=${tagSlug}&limit=50&status=draft`, editor);
    expect(slugsOf(drafts.body)).toEqual(newestFirst(made.filter((post) => post.tagged && !post.published)));
    expect(drafts.body.total).toBe(drafts.body.items.length);
  });

  it("combines a tag with a category or an author", async () => {
    const inCategory = await read(`tag=${tagSlug}&category=${category.slug}&limit=50`);
    const expected = made.filter((post) => post.tagged && post.published && !post.elsewhere);
    expect(slugsOf(inCategory.body)).toEqual(newestFirst(expected));
    expect(inCategory.body.total).toBe(expected.length);
    const byCole = await read(`tag=${tagSlug}&author=${coauthorSlug}&limit=50`);
    expect(slugsOf(byCole.body)).toEqual(
      newestFirst(made.filter((post, n) => post.tagged && post.published && (n < 4 || (n >= 10 && n < 13)))),
    );
  });

  it("follows a post's publication and date into its tag's list", async () => {
    const draft = made.find((post) => post.tagged && !post.published) as Made;
    const later = START + 90 * 60_000;
    await db().execute(
      sql`update posts set is_published = true, created_at = ${new Date(later).toISOString()} where id = ${draft.id}`,
    );
    const first = await read(`tag=${tagSlug}&limit=1`);
    expect(slugsOf(first.body)).toEqual([draft.slug]);
    await db().execute(sql`update posts set is_published = false where id = ${draft.id}`);
    expect(slugsOf((await read(`tag=${tagSlug}&limit=50`)).body)).not.toContain(draft.slug);
    await db().execute(sql`update posts set created_at = ${new Date(draft.at).toISOString()} where id = ${draft.id}`);
    const copies = await selectRows<{ same: boolean }>(
      db(),
      sql`select bool_and(post_tags.post_created_at = posts.created_at and post_tags.post_is_published = posts.is_published) as same
          from post_tags join posts on posts.id = post_tags.post_id`,
    );
    expect(copies[0]?.same).toBe(true);
  });

  it("copies the post's date and publication when the editor tags it, and when it is published", async () => {
    const created = await editor.post("/api/posts", {
      title: "Tagged through the editor",
      category: category.name,
      content: "<p>Body.</p>",
      image: [IMAGE],
      tags: ["Paged tag"],
      isPublished: false,
    });
    expect(created.status).toBe(201);
    expect(slugsOf((await read(`tag=${tagSlug}&limit=2`)).body)).not.toContain(created.body.slug);
    const published = await editor.patch(`/api/posts/${created.body._id}`, {
      title: "Tagged through the editor",
      category: category.name,
      content: "<p>Body.</p>",
      image: [IMAGE],
      isPublished: true,
    });
    expect(published.status).toBe(200);
    expect(slugsOf((await read(`tag=${tagSlug}&limit=3`)).body)[0]).toBe(created.body.slug);
    await editor.delete(`/api/posts/${created.body._id}`);
  });

  it("lists an author's posts newest first at any page, co-signed ones included", async () => {
    const ada = newestFirst(made.filter((post, n) => post.published && n >= 4));
    const page = await read(`author=${authorSlug}&limit=5&page=2`);
    expect(page.body).toMatchObject({ total: ada.length, totalIsEstimate: false });
    expect(slugsOf(page.body)).toEqual(ada.slice(5, 10));
    const cole = newestFirst(made.filter((post, n) => post.published && (n < 4 || (n >= 10 && n < 13))));
    const coles = await read(`author=${coauthorSlug}&limit=50`);
    expect(slugsOf(coles.body)).toEqual(cole);
    expect(coles.body.total).toBe(cole.length);
  });

  it("answers an empty page for a tag or an author that does not exist, and refuses malformed ones", async () => {
    for (const query of ["tag=no-such-tag", "author=no-such-author"]) {
      const response = await read(query);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ items: [], total: 0 });
    }
    for (const query of ["tag=%00%ff", "author=%E2%80%AE%00"]) expect((await read(query)).status).toBe(400);
  });
});
