import { isUuid, POST_MESSAGES, WIDGET_SIZE } from "@broadsheet/domain";
import { and, asc, desc, eq, gt, gte, isNull, ne, not, or, type SQL, sql } from "drizzle-orm";
import { POST_LISTS } from "../caching";
import type { Database } from "../db/client";
import { postDailyStats, posts } from "../db/schema";
import { utcDay } from "../engagement";
import { notFound } from "../errors";
import {
  ANONYMOUS,
  type PostSummary,
  type SharedReads,
  selectPostSummaries,
  toPostSummary,
  type Viewer,
  visiblePost,
} from "../posts";

/*
 * The Featured News widgets, Related, Up next and In Case You Missed It: each is one query
 * over posts (plus a per-post aggregate of post_daily_stats for Trendy and Hot), at most
 * WIDGET_SIZE published posts in the summary shape. Related and Up next are two halves, each
 * reading one index range, so their cost does not grow with the number of posts.
 * Definitions: docs/decisions/004-feeds.md.
 */

const published = eq(posts.isPublished, true);
/** When a post went out: published_at, or created_at for posts published before that column was set. */
const publishedTime = sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`;

export function createFeedsService(db: Database, { reads, viewerState }: SharedReads) {
  /** Per post, the sum of `score` over the days from `since` (inclusive) to today. */
  function recentScores(since: string, score: SQL) {
    return db
      .select({ postId: postDailyStats.postId, score: sql<number>`sum(${score})`.as("score") })
      .from(postDailyStats)
      .where(gte(postDailyStats.day, since))
      .groupBy(postDailyStats.postId)
      .as("recent");
  }

  /** The post a Related / Up next list is relative to; 404 when the viewer may not see it. */
  async function sourcePost(idOrSlug: string, viewer: Viewer) {
    const [post] = await db
      .select({
        id: posts.id,
        categoryId: posts.categoryId,
        typeId: posts.typeId,
      })
      .from(posts)
      .where(visiblePost(idOrSlug, viewer.isStaff))
      .limit(1);
    if (!post) throw notFound(POST_MESSAGES.postNotFound);
    return post;
  }

  /** At most WIDGET_SIZE summaries in the given order: each list below reads one index range. */
  async function summaries(where: SQL | undefined, order: SQL[]): Promise<PostSummary[]> {
    const rows = await selectPostSummaries(db, undefined)
      .where(where)
      .orderBy(...order)
      .limit(WIDGET_SIZE);
    return rows.map(toPostSummary);
  }

  /** Read posts with a score since `since`, highest first; all-time views break ties. */
  async function topByRecentScore(since: string, score: SQL): Promise<PostSummary[]> {
    const recent = recentScores(since, score);
    const rows = await selectPostSummaries(db, undefined)
      .innerJoin(recent, eq(recent.postId, posts.id))
      .where(and(published, gt(posts.views, 0), sql`${recent.score} > 0`))
      .orderBy(desc(recent.score), desc(posts.views), desc(publishedTime), desc(posts.id))
      .limit(WIDGET_SIZE);
    return rows.map(toPostSummary);
  }

  const newestFirst = (where: SQL | undefined) => summaries(where, [desc(publishedTime), desc(posts.id)]);

  const queries = {
    /** Most views ever; posts nobody has read are left out. */
    mostRead(): Promise<PostSummary[]> {
      return summaries(and(published, gt(posts.views, 0)), [desc(posts.views), desc(publishedTime), desc(posts.id)]);
    },

    /** Most views over the last 7 days (today and the 6 before, UTC). */
    trendy(): Promise<PostSummary[]> {
      return topByRecentScore(utcDay(-6), sql`${postDailyStats.views}`);
    },

    /** Most likes + comments + shares over the last 48 hours, counted by day: today and yesterday (UTC). */
    hot(): Promise<PostSummary[]> {
      return topByRecentScore(
        utcDay(-1),
        sql`${postDailyStats.likes} + ${postDailyStats.comments} + ${postDailyStats.shares}`,
      );
    },

    /** Same type first, then the rest of the same category; newest first within each; never the post itself. */
    async related(idOrSlug: string, viewer: Viewer): Promise<PostSummary[]> {
      const from = await sourcePost(idOrSlug, viewer);
      const others = and(published, ne(posts.id, from.id));
      const { typeId } = from;
      const [typed, rest] = await Promise.all([
        typeId ? newestFirst(and(others, eq(posts.typeId, typeId))) : [],
        newestFirst(
          and(
            others,
            eq(posts.categoryId, from.categoryId),
            typeId ? or(isNull(posts.typeId), ne(posts.typeId, typeId)) : undefined,
          ),
        ),
      ]);
      return [...typed, ...rest].slice(0, WIDGET_SIZE);
    },

    /** Posts of its category published after it (oldest of those first), then the newest of all others. */
    async upNext(idOrSlug: string, viewer: Viewer): Promise<PostSummary[]> {
      const from = await sourcePost(idOrSlug, viewer);
      // The source's time read in SQL, so it keeps its microseconds (a JS Date would not).
      const sourceTime = db.select({ time: publishedTime }).from(posts).where(eq(posts.id, from.id));
      const after = and(eq(posts.categoryId, from.categoryId), sql`${publishedTime} > (${sourceTime})`) as SQL;
      const others = and(published, ne(posts.id, from.id));
      const [next, rest] = await Promise.all([
        summaries(and(others, after), [asc(publishedTime), desc(posts.id)]),
        newestFirst(and(others, not(after))),
      ]);
      return [...next, ...rest].slice(0, WIDGET_SIZE);
    },

    /** In Case You Missed It: the most viewed posts that went out between 30 and 2 days ago. */
    icymi(): Promise<PostSummary[]> {
      return summaries(
        and(
          published,
          sql`${publishedTime} <= now() - interval '2 days'`,
          sql`${publishedTime} >= now() - interval '30 days'`,
        ),
        [desc(posts.views), desc(publishedTime), desc(posts.id)],
      );
    },
  };

  /** A feed every reader shares, cached; the reader's own flags are added per request. */
  async function sharedFeed(name: string, viewerId: string | undefined, load: () => Promise<PostSummary[]>) {
    return viewerState.forViewer(viewerId, await reads.get(`feed:${name}`, load, () => [POST_LISTS]));
  }

  /** Related / Up next of a post: staff may ask about drafts, so they skip the cache. */
  async function relativeFeed(
    name: string,
    idOrSlug: string,
    viewer: Viewer,
    load: (viewer: Viewer) => Promise<PostSummary[]>,
  ) {
    if (viewer.isStaff) return load(viewer);
    const key = `feed:${name}:${isUuid(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug}`;
    return viewerState.forViewer(
      viewer.id,
      await reads.get(
        key,
        () => load(ANONYMOUS),
        () => [POST_LISTS],
      ),
    );
  }

  return {
    mostRead: (viewerId: string | undefined) => sharedFeed("most-read", viewerId, () => queries.mostRead()),
    trendy: (viewerId: string | undefined) => sharedFeed("trendy", viewerId, () => queries.trendy()),
    hot: (viewerId: string | undefined) => sharedFeed("hot", viewerId, () => queries.hot()),
    icymi: (viewerId: string | undefined) => sharedFeed("icymi", viewerId, () => queries.icymi()),
    related: (idOrSlug: string, viewer: Viewer) =>
      relativeFeed("related", idOrSlug, viewer, (as) => queries.related(idOrSlug, as)),
    upNext: (idOrSlug: string, viewer: Viewer) =>
      relativeFeed("up-next", idOrSlug, viewer, (as) => queries.upNext(idOrSlug, as)),
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
