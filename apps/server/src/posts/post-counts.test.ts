import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../db/schema";
import { insertCategory, insertPost } from "../testing/fixtures";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "../testing/test-database";
import { countPosts, roughly } from "./post-counts";

let database: TestDatabase;
let categoryId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  categoryId = (await insertCategory(database.db)).id;
  for (let i = 0; i < 7; i++) await insertPost(database.db, { categoryId, isPublished: i < 5 });
  // The planner's estimate comes from the table's statistics.
  await database.db.execute(sql`analyze posts`);
});
afterAll(() => database?.close());

describe(`post totals on ${testDatabaseKind()}`, () => {
  const inCategory = () => eq(posts.categoryId, categoryId);

  it("counts one by one up to the bound, and says the total is exact", async () => {
    expect(await countPosts(database.db, inCategory(), 7)).toEqual({ total: 7, totalIsEstimate: false });
    expect(await countPosts(database.db, eq(posts.isPublished, false), 10)).toEqual({
      total: 2,
      totalIsEstimate: false,
    });
  });

  it("past the bound, answers an estimate, says so, and never less than it counted", async () => {
    const counted = await countPosts(database.db, inCategory(), 3);
    expect(counted.totalIsEstimate).toBe(true);
    expect(counted.total).toBeGreaterThanOrEqual(4);
    // Given the caller's own estimate (a search's), that is the answer, to two significant digits.
    expect(await countPosts(database.db, inCategory(), 3, 12_345)).toEqual({ total: 12_000, totalIsEstimate: true });
  });

  it("rounds an estimate to two significant digits", () => {
    expect([roughly(7), roughly(99), roughly(1_234), roughly(987_654)]).toEqual([7, 99, 1_200, 990_000]);
  });
});
