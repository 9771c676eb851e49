import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../testing/fixtures";
import type { TestDatabase } from "../testing/test-database";
import { createTestDatabase, testDatabaseKind } from "../testing/test-database";
import { selectRows } from "./client";
import { posts } from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** About 1 500 characters of made-up words, which compress as little as an article's text. */
function body(seed: number): string {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
  const words: string[] = [];
  while (words.join(" ").length < 1500) {
    words.push(Array.from({ length: 4 + next(6) }, () => String.fromCharCode(97 + next(26))).join(""));
  }
  return words.join(" ");
}

describe(`how posts are stored on ${testDatabaseKind()}`, () => {
  it("keeps a post's body and its search vector out of the table's own pages (decision 030)", async () => {
    const { db } = database;
    const category = await insertCategory(db);
    const bodies = Array.from({ length: 120 }, (_, index) => body(index + 1));
    for (const content of bodies) await insertPost(db, { categoryId: category.id, content });

    // Rows of about 1.6 KB (a body inline, its tsvector out of line) would need 30 pages; out of line, a few.
    const [size] = await selectRows<{ pages: number | string }>(
      db,
      sql`select pg_relation_size('posts') / current_setting('block_size')::int as pages`,
    );
    expect(Number(size?.pages)).toBeLessThanOrEqual(8);

    const [stored] = await db
      .select({ content: posts.content })
      .from(posts)
      .where(eq(posts.content, bodies[7] as string));
    expect(stored?.content).toBe(bodies[7]);
    const word = bodies[7]?.split(" ")[0] as string;
    const [found] = await selectRows<{ count: number | string }>(
      db,
      sql`select count(*) as count from posts where search @@ plainto_tsquery('english', ${word})`,
    );
    expect(Number(found?.count)).toBeGreaterThan(0);
  });
});
