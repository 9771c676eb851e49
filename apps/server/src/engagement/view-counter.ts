import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

const WINDOW_MS = 30 * 60 * 1000;
const FLUSH_INTERVAL_MS = 2_000;
/** However many ids one address brings, at most this many views of a post count from it per window. */
export const MAX_VIEWS_PER_ADDRESS = 10;
// Bounds the memory of "who saw what": past this the oldest entries are dropped.
const MAX_REMEMBERED = 200_000;

/** Who read a post: the account, else the signed visitor id, and the address (rate-limit key) either way. */
export interface ViewReader {
  userId?: string;
  visitorId?: string;
  address: string;
  userAgent: string;
}

/** Keys that expire after the window, with at most MAX_REMEMBERED of them (oldest dropped first). */
function windowedCounts() {
  const entries = new Map<string, { count: number; until: number }>();
  return {
    count(key: string, now: number): number {
      const entry = entries.get(key);
      return entry && entry.until > now ? entry.count : 0;
    },
    add(key: string, now: number): void {
      const entry = entries.get(key);
      if (entry && entry.until > now) {
        entry.count += 1;
        return;
      }
      entries.delete(key);
      if (entries.size >= MAX_REMEMBERED) {
        for (const [oldKey, old] of entries) {
          if (old.until <= now || entries.size >= MAX_REMEMBERED) entries.delete(oldKey);
          if (entries.size < MAX_REMEMBERED * 0.9) break;
        }
      }
      entries.set(key, { count: 1, until: now + WINDOW_MS });
    },
  };
}

/**
 * Counts post views off the request path: a view counts once per reader (account or signed
 * visitor id) per post per 30 minutes, at most MAX_VIEWS_PER_ADDRESS per address and post in
 * that time, bots excluded. Remembered in this process's memory and written in batches every
 * 2 s, so a crash loses at most a couple of seconds of counts.
 */
export function createViewCounter(db: Database, logger: Logger) {
  const readers = windowedCounts();
  const addresses = windowedCounts();
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
    recordView(postId: string, reader: ViewReader): boolean {
      if (!reader.userAgent || isbot(reader.userAgent)) return false;
      const readerKey = reader.userId
        ? `user:${reader.userId}`
        : reader.visitorId
          ? `visitor:${reader.visitorId}`
          : `address:${reader.address}`;
      const now = Date.now();
      const readerAndPost = `${readerKey} ${postId}`;
      const addressAndPost = `${reader.address} ${postId}`;
      if (readers.count(readerAndPost, now) > 0) return false;
      if (addresses.count(addressAndPost, now) >= MAX_VIEWS_PER_ADDRESS) return false;
      readers.add(readerAndPost, now);
      addresses.add(addressAndPost, now);
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
