import type { ViewerState } from "@broadsheet/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ViewerCache } from "../caching";
import { userTag } from "../caching";
import type { Database } from "../db/client";
import { postLikes, readLater } from "../db/schema";
import type { PostSummary, ViewerMarks } from "../posts";

const NO_MARKS: ViewerMarks = { liked: new Set(), saved: new Set() };

// A reader with at most this many likes and saved posts has them all kept in memory.
const KEPT_MARKS = 2000;

/**
 * A reader's likes and Read Later entries among the posts a page shows; it turns shared
 * (cached) summaries into the reader's own. Most readers' marks are few: all of them are
 * kept in the viewer cache (dropped by every like, unlike, save and unsave), so a page
 * needs no query. Beyond KEPT_MARKS, one query per page answers for all its lists.
 * The marks answer for a superset of the ids asked about: look up, never enumerate.
 */
export function createViewerStateService(db: Database, viewers: ViewerCache) {
  /** The reader's likes and saved posts, among `ids` when given. */
  function marksQuery(viewerId: string, ids?: string[]) {
    return db
      .select({ postId: postLikes.postId, mark: sql<string>`'liked'` })
      .from(postLikes)
      .where(and(eq(postLikes.userId, viewerId), ids ? inArray(postLikes.postId, ids) : undefined))
      .unionAll(
        db
          .select({ postId: readLater.postId, mark: sql<string>`'saved'` })
          .from(readLater)
          .where(and(eq(readLater.userId, viewerId), ids ? inArray(readLater.postId, ids) : undefined)),
      );
  }

  /** All of a reader's marks, or null when they have more than KEPT_MARKS. */
  function allMarks(viewerId: string): Promise<ViewerMarks | null> {
    return viewers.get(
      `marks:${viewerId}`,
      async () => {
        const rows = await marksQuery(viewerId).limit(KEPT_MARKS + 1);
        return rows.length > KEPT_MARKS ? null : toMarks(rows);
      },
      () => [userTag(viewerId)],
    );
  }

  async function marksAmong(viewerId: string, ids: string[]): Promise<ViewerMarks> {
    return (await allMarks(viewerId)) ?? toMarks(await marksQuery(viewerId, ids));
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
        return ids.size ? marksAmong(viewerId, [...ids]) : NO_MARKS;
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

    /**
     * What a cached reader page fills in (GET /api/users/viewer-state): the reader's likes,
     * Read Later entries and votes among what the page shows. No query when they are cached.
     */
    async ownState(
      viewerId: string,
      among: { posts: string[]; polls: string[] },
      myVote: (pollId: string, viewerId: string) => Promise<number | null>,
    ): Promise<Omit<ViewerState, "user">> {
      const [marks, votes] = await Promise.all([
        among.posts.length ? marksAmong(viewerId, among.posts) : NO_MARKS,
        Promise.all(among.polls.map(async (pollId) => [pollId, await myVote(pollId, viewerId)] as const)),
      ]);
      return {
        liked: among.posts.filter((id) => marks.liked.has(id)),
        saved: among.posts.filter((id) => marks.saved.has(id)),
        votes: Object.fromEntries(votes.filter((vote): vote is [string, number] => vote[1] !== null)),
      };
    },

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

function toMarks(rows: { postId: string; mark: string }[]): ViewerMarks {
  const liked = new Set<string>();
  const saved = new Set<string>();
  for (const row of rows) (row.mark === "liked" ? liked : saved).add(row.postId);
  return { liked, saved };
}

export type ViewerStateService = ReturnType<typeof createViewerStateService>;
