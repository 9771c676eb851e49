import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { postLikes, readLater } from "../db/schema";
import type { PostSummary } from "./post-summaries";

/** The reader's own marks on a set of posts. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  saved: ReadonlySet<string>;
}

const NO_MARKS: ViewerMarks = { liked: new Set(), saved: new Set() };

/**
 * A reader's likes and Read Later entries among the posts a page shows, in one query
 * whatever the number of lists; it turns shared (cached) summaries into the reader's own.
 * The marks answer for a superset of the ids asked about: look up, never enumerate.
 */
export function createViewerStateService(db: Database) {
  async function queryMarks(viewerId: string, ids: string[]): Promise<ViewerMarks> {
    const rows = await db
      .select({ postId: postLikes.postId, mark: sql<string>`'liked'` })
      .from(postLikes)
      .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, ids)))
      .unionAll(
        db
          .select({ postId: readLater.postId, mark: sql<string>`'saved'` })
          .from(readLater)
          .where(and(eq(readLater.userId, viewerId), inArray(readLater.postId, ids))),
      );
    const liked = new Set<string>();
    const saved = new Set<string>();
    for (const row of rows) (row.mark === "liked" ? liked : saved).add(row.postId);
    return { liked, saved };
  }

  // The lists of one page render (a post, its Related and Up next) ask within the same
  // turn of the event loop: one query, run just after it, answers them all.
  const batches = new Map<string, { ids: Set<string>; marks: Promise<ViewerMarks> }>();

  function marksOn(viewerId: string, postIds: Iterable<string>): Promise<ViewerMarks> {
    let batch = batches.get(viewerId);
    if (!batch) {
      const ids = new Set<string>();
      const marks = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batches.delete(viewerId);
        return ids.size ? queryMarks(viewerId, [...ids]) : NO_MARKS;
      });
      batch = { ids, marks };
      batches.set(viewerId, batch);
    }
    for (const id of postIds) batch.ids.add(id);
    return batch.marks;
  }

  /** A copy of `post` with the reader's flags (the shared value stays as it is). */
  function mark<T extends PostSummary>(post: T, marks: ViewerMarks): T {
    return { ...post, likedByMe: marks.liked.has(post._id), inReadLater: marks.saved.has(post._id) };
  }

  return {
    marksOn,
    mark,

    /** A list as the reader sees it: anonymous readers get it as it is. */
    async forViewer<T extends PostSummary>(viewerId: string | undefined, list: T[]): Promise<T[]> {
      if (!viewerId) return list;
      const marks = await marksOn(
        viewerId,
        list.map((post) => post._id),
      );
      return list.map((post) => mark(post, marks));
    },
  };
}

export type ViewerStateService = ReturnType<typeof createViewerStateService>;
