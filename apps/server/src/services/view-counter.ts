import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

const DEDUPE_MS = 30 * 60 * 1000;
const FLUSH_INTERVAL_MS = 2_000;
// Bounds the memory of "who saw what": past this the oldest entries are dropped.
const MAX_REMEMBERED_VIEWS = 200_000;

/**
 * Counts post views off the request path: a view is remembered in memory (once per
 * visitor per post per 30 minutes, bots excluded) and written in batches every 2 s,
 * so a crash loses at most a couple of seconds of counts.
 */
export function createViewCounter(db: Database, logger: Logger) {
  const seenUntil = new Map<string, number>();
  let pending = new Map<string, number>();

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const day = new Date().toISOString().slice(0, 10);
    for (const [postId, views] of batch) {
      try {
        await db.execute(sql`update posts set views = views + ${views} where id = ${postId}`);
        // Through posts, so a post deleted since the view is skipped instead of failing.
        await db.execute(sql`
          insert into post_daily_stats (post_id, day, views)
          select id, ${day}, ${views} from posts where id = ${postId}
          on conflict (post_id, day) do update set views = post_daily_stats.views + excluded.views`);
      } catch (error) {
        logger.warn({ err: error, postId }, "could not record views");
      }
    }
  }

  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    /** Remembers a view; answers whether it counted. */
    recordView(postId: string, visitor: { userId?: string; ip: string; userAgent: string }): boolean {
      if (!visitor.userAgent || isbot(visitor.userAgent)) return false;
      const visitorKey =
        visitor.userId ?? createHash("sha256").update(`${visitor.ip}|${visitor.userAgent}`).digest("base64url");
      const key = `${visitorKey}:${postId}`;
      const now = Date.now();
      if ((seenUntil.get(key) ?? 0) > now) return false;
      if (seenUntil.size >= MAX_REMEMBERED_VIEWS) {
        for (const [oldKey, until] of seenUntil) {
          if (until <= now || seenUntil.size >= MAX_REMEMBERED_VIEWS) seenUntil.delete(oldKey);
          if (seenUntil.size < MAX_REMEMBERED_VIEWS * 0.9) break;
        }
      }
      seenUntil.set(key, now + DEDUPE_MS);
      pending.set(postId, (pending.get(postId) ?? 0) + 1);
      return true;
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
