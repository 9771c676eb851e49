import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost, insertType, insertUser } from "../testing/fixtures";
import { expectPgError, PG_CHECK_VIOLATION, PG_STILL_REFERENCED, PG_UNIQUE_VIOLATION } from "../testing/pg-error";
import type { TestDatabase } from "../testing/test-database";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";
import { selectRows } from "./client";
import {
  adverts,
  comments,
  polls,
  pollVotes,
  postDailyStats,
  postLikes,
  posts,
  readLater,
  reviews,
  shares,
  users,
} from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`schema constraints on ${testDatabaseKind()}`, () => {
  it("has every table of docs/product.md#6-content-and-data after the migrations", async () => {
    const rows = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((row) => row.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        "adverts",
        "categories",
        "comments",
        "media",
        "password_resets",
        "poll_votes",
        "polls",
        "post_daily_stats",
        "post_likes",
        "posts",
        "read_later",
        "reviews",
        "sessions",
        "shares",
        "types",
        "users",
      ]),
    );
  });

  it("keeps e-mail addresses unique whatever their letter case", async () => {
    await insertUser(database.db, { email: "Casey@Example.com" });
    await expectPgError(insertUser(database.db, { email: "casey@example.COM" }), PG_UNIQUE_VIOLATION);
  });

  it("allows only the roles user, editor and admin, defaulting to user", async () => {
    const user = await insertUser(database.db);
    expect(user.role).toBe("user");
    await expectPgError(
      database.db.execute(sql`update users set role = 'owner' where id = ${user.id}`),
      PG_CHECK_VIOLATION,
    );
  });

  it("refuses a second like by the same user on the same post", async () => {
    const user = await insertUser(database.db);
    const post = await insertPost(database.db);
    await database.db.insert(postLikes).values({ postId: post.id, userId: user.id });
    await expectPgError(
      database.db.insert(postLikes).values({ postId: post.id, userId: user.id }),
      PG_UNIQUE_VIOLATION,
    );
  });

  it("allows one review per user per post, rated 1 to 5", async () => {
    const user = await insertUser(database.db);
    const post = await insertPost(database.db);
    await expectPgError(
      database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 6 }),
      PG_CHECK_VIOLATION,
    );
    await expectPgError(
      database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 0 }),
      PG_CHECK_VIOLATION,
    );
    await database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 5, text: "Great" });
    await expectPgError(
      database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 4 }),
      PG_UNIQUE_VIOLATION,
    );
  });

  it("allows one poll vote per user per poll, for option 1 to 3", async () => {
    const user = await insertUser(database.db);
    const [poll] = await database.db
      .insert(polls)
      .values({ title: "Best season?", optionOne: "Spring", optionTwo: "Summer", optionThree: "Autumn" })
      .returning();
    if (!poll) throw new Error("poll not inserted");
    await expectPgError(
      database.db.insert(pollVotes).values({ pollId: poll.id, userId: user.id, option: 4 }),
      PG_CHECK_VIOLATION,
    );
    await database.db.insert(pollVotes).values({ pollId: poll.id, userId: user.id, option: 2 });
    await expectPgError(
      database.db.insert(pollVotes).values({ pollId: poll.id, userId: user.id, option: 1 }),
      PG_UNIQUE_VIOLATION,
    );
  });

  it("keeps one Read Later entry per user per post", async () => {
    const user = await insertUser(database.db);
    const post = await insertPost(database.db);
    await database.db.insert(readLater).values({ userId: user.id, postId: post.id });
    await expectPgError(
      database.db.insert(readLater).values({ userId: user.id, postId: post.id }),
      PG_UNIQUE_VIOLATION,
    );
  });

  it("keeps post, category and type slugs unique", async () => {
    const post = await insertPost(database.db);
    await expectPgError(insertPost(database.db, { slug: post.slug }), PG_UNIQUE_VIOLATION);
    const category = await insertCategory(database.db, "Unique Desk");
    await expectPgError(insertCategory(database.db, "Unique Desk"), PG_UNIQUE_VIOLATION);
    await insertType(database.db, category.id, "Unique Beat");
    await expectPgError(insertType(database.db, category.id, "Unique Beat"), PG_UNIQUE_VIOLATION);
  });

  it("stores at most 5 images on a post and an advert", async () => {
    const five = ["/a", "/b", "/c", "/d", "/e"];
    await insertPost(database.db, { images: five });
    await expectPgError(insertPost(database.db, { images: [...five, "/f"] }), PG_CHECK_VIOLATION);
    await expectPgError(
      database.db.insert(adverts).values({ placement: "Advert Top", images: [...five, "/f"] }),
      PG_CHECK_VIOLATION,
    );
  });

  it("allows only the three advert placements and the known share platforms", async () => {
    await expectPgError(
      database.db.execute(sql`insert into adverts (placement) values ('Advert Side')`),
      PG_CHECK_VIOLATION,
    );
    const post = await insertPost(database.db);
    await expectPgError(
      database.db.execute(sql`insert into shares (post_id, platform) values (${post.id}, 'myspace')`),
      PG_CHECK_VIOLATION,
    );
    await database.db.insert(shares).values({ postId: post.id, platform: "whatsapp" });
  });

  it("refuses to delete a category that posts still use", async () => {
    const category = await insertCategory(database.db);
    await insertPost(database.db, { categoryId: category.id });
    await expectPgError(
      database.db.execute(sql`delete from categories where id = ${category.id}`),
      PG_STILL_REFERENCED,
    );
  });

  it("removes a post's comments, likes, Read Later entries, reviews and stats with it", async () => {
    const user = await insertUser(database.db);
    const post = await insertPost(database.db);
    await database.db.insert(comments).values({ postId: post.id, userId: user.id, text: "Hello" });
    await database.db.insert(postLikes).values({ postId: post.id, userId: user.id });
    await database.db.insert(readLater).values({ postId: post.id, userId: user.id });
    await database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 3 });
    await database.db.insert(postDailyStats).values({ postId: post.id, day: "2026-11-01", views: 3 });
    await database.db.delete(posts).where(eq(posts.id, post.id));
    for (const table of [comments, postLikes, readLater, reviews, postDailyStats]) {
      const rows = await database.db.select().from(table).where(eq(table.postId, post.id));
      expect(rows).toHaveLength(0);
    }
  });

  it("keeps a comment as anonymous when its author is deleted", async () => {
    const user = await insertUser(database.db);
    const post = await insertPost(database.db);
    const [comment] = await database.db
      .insert(comments)
      .values({ postId: post.id, userId: user.id, text: "Hi" })
      .returning();
    await database.db.delete(users).where(eq(users.id, user.id));
    const [kept] = await database.db
      .select()
      .from(comments)
      .where(eq(comments.id, comment?.id ?? ""));
    expect(kept?.userId).toBeNull();
  });

  it("maintains the full-text document of a post from title and content", async () => {
    await insertPost(database.db, { title: "Glaciers retreat in the Alps", content: "<p>Meltwater rivers swell</p>" });
    const rows = await selectRows<{ title: string }>(
      database.db,
      sql`select title from posts where search @@ websearch_to_tsquery('english', 'river glacier')`,
    );
    expect(rows.map((row) => row.title)).toEqual(["Glaciers retreat in the Alps"]);
  });
});
