import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { postDailyStats } from "../db/schema";

/** A UTC calendar day as post_daily_stats stores it (YYYY-MM-DD), `offsetDays` from today; as the view counter does. */
export function utcDay(offsetDays = 0, now: Date = new Date()): string {
  return new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

type DailyCounter = "likes" | "comments" | "shares";

/** Adds one to today's likes, comments or shares of a post, in SQL (insert or `col = col + 1`). */
export async function bumpDailyStat(db: Database, postId: string, counter: DailyCounter): Promise<void> {
  const column = postDailyStats[counter];
  await db
    .insert(postDailyStats)
    .values({ postId, day: utcDay(), [counter]: 1 })
    .onConflictDoUpdate({
      target: [postDailyStats.postId, postDailyStats.day],
      set: { [counter]: sql`${column} + 1` },
    });
}

/** Takes one back from the day a like or comment was counted (never below zero). */
export async function takeBackDailyStat(
  db: Database,
  postId: string,
  counter: DailyCounter,
  countedAt: Date,
): Promise<void> {
  const column = postDailyStats[counter];
  await db
    .update(postDailyStats)
    .set({ [counter]: sql`greatest(${column} - 1, 0)` })
    .where(and(eq(postDailyStats.postId, postId), eq(postDailyStats.day, utcDay(0, countedAt))));
}
