import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertPost } from "../testing/fixtures";
import { useTestApp } from "../testing/test-app";
import { selectRows } from "./client";
import { posts } from "./schema";

/*
 * Runs only in the PostgreSQL project: parameterised statements are prepared once per
 * connection (statement-names.ts), and a prepared statement answers for the values it is given.
 */
const context = useTestApp();

describe("named statements on PostgreSQL", () => {
  it("prepares a parameterised statement on the connection that ran it", async () => {
    const { db } = context.database;
    await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, "no-such-post"));
    // One statement at a time: the pool hands back the connection it was just given.
    const prepared = await selectRows<{ statement: string }>(db, sql`select statement from pg_prepared_statements`);
    expect(prepared.map((row) => row.statement)).toContainEqual(expect.stringContaining('"posts"."slug" = $1'));
  });

  it("answers each run with the rows of its own values, also once PostgreSQL keeps a generic plan", async () => {
    const { db } = context.database;
    const created = [];
    for (let index = 0; index < 8; index++) created.push(await insertPost(db, { title: `Prepared ${index}` }));
    // PostgreSQL considers a generic plan from the sixth run of a prepared statement on.
    for (const post of [...created, ...created]) {
      const rows = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, post.id));
      expect(rows).toEqual([{ title: post.title }]);
    }
  });
});
