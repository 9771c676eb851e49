import { count, type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client";
import { posts } from "../db/schema";

/*
 * How many posts meet a condition, at a cost that does not grow with the archive: counted one
 * by one up to a bound, past it the planner's estimate, said to be one (issue 44). At a million
 * posts an exact count of a category's reads its 100,000 index entries (30–140 ms); 10,000 of
 * them take about 1 ms.
 */

export interface PostTotal {
  total: number;
  totalIsEstimate: boolean;
}

/** The planner's estimate of the posts meeting `where`: costs a plan, reads no rows. */
export async function estimatePosts(db: Database, where: SQL | undefined): Promise<number> {
  const [plan] = await selectRows<{ "QUERY PLAN": unknown }>(
    db,
    sql`explain (format json) select 1 from ${posts} where ${where}`,
  );
  const raw = plan?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0);
}

/** An estimate to two significant digits (1 234 → 1 200), as precise as it is. */
export function roughly(estimate: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 1);
  return Math.round(estimate / unit) * unit;
}

/**
 * Exact up to `exactUpTo` posts (reading no more rows than that), else `estimate` (the
 * planner's when not given), marked as one and never below what was counted.
 */
export async function countPosts(
  db: Database,
  where: SQL | undefined,
  exactUpTo: number,
  estimate?: number,
): Promise<PostTotal> {
  const bounded = db
    .select({ one: sql<number>`1`.as("one") })
    .from(posts)
    .where(where)
    .limit(exactUpTo + 1);
  const [counted] = await db.select({ total: count() }).from(bounded.as("bounded"));
  const total = counted?.total ?? 0;
  if (total <= exactUpTo) return { total, totalIsEstimate: false };
  const expected = estimate ?? (await estimatePosts(db, where));
  return { total: roughly(Math.max(expected, exactUpTo + 1)), totalIsEstimate: true };
}
