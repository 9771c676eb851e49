import { count, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { type Database, selectRows } from "../db/client";
import { posts } from "../db/schema";

/*
 * How many posts meet a condition, at a cost that does not grow with the archive: counted one
 * by one up to a bound, past it the planner's estimate, said to be one (issue 44). At a million
 * posts an exact count of a category's reads its 100,000 index entries (30–140 ms); 10,000 of
 * them take about 1 ms.
 */

/** Totals are counted one by one up to this many posts; a larger one is estimated. */
export const EXACT_TOTAL_UP_TO = 10_000;

export interface PostTotal {
  total: number;
  totalIsEstimate: boolean;
}

/** The planner's estimate of the rows `query` returns: costs a plan, reads no rows. */
async function estimateRows(db: Database, query: SQLWrapper): Promise<number> {
  const [plan] = await selectRows<{ "QUERY PLAN": unknown }>(db, sql`explain (format json) ${query}`);
  const raw = plan?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0);
}

const postsWhere = (db: Database, where: SQL | undefined) =>
  db
    .select({ one: sql<number>`1`.as("one") })
    .from(posts)
    .where(where)
    .$dynamic();

/** The planner's estimate of the posts meeting `where`. */
export function estimatePosts(db: Database, where: SQL | undefined): Promise<number> {
  return estimateRows(db, postsWhere(db, where));
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
export function countPosts(
  db: Database,
  where: SQL | undefined,
  exactUpTo: number,
  estimate?: number,
): Promise<PostTotal> {
  return countRows(db, () => postsWhere(db, where), exactUpTo, estimate);
}

/**
 * As countPosts, of the rows of any query (a tag's list reads post_tags, decision 090); `rows`
 * builds it afresh each time, as a limit set on a query builder stays on it.
 */
export async function countRows(
  db: Database,
  rows: () => PgSelect,
  exactUpTo: number,
  estimate?: number,
): Promise<PostTotal> {
  const [counted] = await db.select({ total: count() }).from(
    rows()
      .limit(exactUpTo + 1)
      .as("bounded"),
  );
  const total = counted?.total ?? 0;
  if (total <= exactUpTo) return { total, totalIsEstimate: false };
  const expected = estimate ?? (await estimateRows(db, rows()));
  return { total: roughly(Math.max(expected, exactUpTo + 1)), totalIsEstimate: true };
}
