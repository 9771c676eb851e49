import type { Page } from "@broadsheet/domain";
import {
  ENGAGEMENT_MESSAGES,
  isUuid,
  type LikeState,
  MODERATION_MESSAGES,
  POST_MESSAGES,
  type PostDetail,
  type ReviewInput,
  type ReviewsAnswer,
  type Role,
} from "@broadsheet/domain";
import { and, count, eq, sql } from "drizzle-orm";
import { type Caches, POST_LISTS, postActivityTag, postTag, userTag } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { pgErrorCode } from "../db/pg-errors";
import { comments, postLikes, posts, reviews } from "../db/schema";
import { forbidden, notFound } from "../errors";
import { findVisiblePostId, type Viewer } from "../posts";
import { bumpDailyStat, takeBackDailyStat } from "./daily-stats";
import type { ModerationService } from "./moderation.service";
import { type CommentView, commentsShownTo, loadReviews, selectComments, toCommentView } from "./post-activity";

/** The post vanished between the visibility check and the write (foreign key violation). */
function rethrowMissingPost(error: unknown): never {
  if (pgErrorCode(error) === "23503") throw notFound(POST_MESSAGES.postNotFound);
  throw error;
}

/*
 * Comments, likes and reviews of a post. Every counter on posts and post_daily_stats moves
 * by `col = col ± 1` in SQL, in the transaction of the row it counts, and only when that row
 * was really inserted or deleted (docs/product.md#6-content-and-data).
 */
export function createEngagementService(db: Database, caches: Caches, moderation: ModerationService) {
  /**
   * The post's cached detail shows the counts and comments a write just changed; a like
   * also changes the reader's own cached likes (viewer-state.ts), which must show at once.
   */
  const changed = (postId: string, likedBy?: string) =>
    caches.changed([postActivityTag(postId), ...(likedBy ? [userTag(likedBy)] : [])]);

  /** The id of a post the viewer may see; 404 otherwise (drafts are staff-only). */
  const visiblePostId = (idOrSlug: string, viewer: Viewer) => findVisiblePostId(db, idOrSlug, viewer);

  async function commentPage(
    postId: string,
    page: number,
    limit: number,
    viewer: { id?: string; isStaff: boolean },
  ): Promise<Page<CommentView>> {
    const { rows, total } = await readPage(
      page,
      limit,
      () => db.select({ total: count() }).from(comments).where(commentsShownTo(postId, viewer)),
      (offset) => selectComments(db, postId, viewer).limit(limit).offset(offset),
    );
    return {
      items: rows.map(toCommentView),
      total,
      page,
      limit,
    };
  }

  async function likeState(postId: string, userId: string): Promise<LikeState> {
    const [row] = await db
      .select({
        likeCount: posts.likeCount,
        likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${userId})`,
      })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!row) throw notFound(POST_MESSAGES.postNotFound);
    return { likeCount: row.likeCount, likedByMe: Boolean(row.likedByMe) };
  }

  async function answerReviews(postId: string, message: string): Promise<ReviewsAnswer> {
    return { message, reviews: await loadReviews(db, postId) };
  }

  return {
    visiblePostId,

    /** Newest first. */
    async listComments(idOrSlug: string, viewer: Viewer, page: number, limit: number): Promise<Page<CommentView>> {
      return commentPage(await visiblePostId(idOrSlug, viewer), page, limit, viewer);
    },

    /**
     * Adds a comment and answers the first page of comments, the new one on top. One held for
     * review is not counted and is shown to its author only (with the message saying so).
     */
    async addComment(idOrSlug: string, userId: string, text: string, viewer: Viewer & { role?: Role }, limit: number) {
      const postId = await visiblePostId(idOrSlug, viewer);
      const status = await moderation.statusOfNewComment(userId, viewer.role, text);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(comments).values({ postId, userId, text, status });
          if (status !== "approved") return;
          await tx
            .update(posts)
            .set({ commentCount: sql`${posts.commentCount} + 1` })
            .where(eq(posts.id, postId));
          await bumpDailyStat(tx, postId, "comments");
        });
      } catch (error) {
        rethrowMissingPost(error);
      }
      if (status === "approved") await changed(postId);
      const page = await commentPage(postId, 1, limit, { id: userId, isStaff: viewer.isStaff });
      return status === "approved" ? page : { ...page, message: MODERATION_MESSAGES.heldForReview };
    },

    /** The author or staff; today's comment stat is history and stays as it is. */
    async deleteComment(idOrSlug: string, commentId: string, viewer: Viewer & { id: string }): Promise<void> {
      const postId = await visiblePostId(idOrSlug, viewer);
      if (!isUuid(commentId)) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
      const [comment] = await db
        .select({ userId: comments.userId, status: comments.status })
        .from(comments)
        .where(and(eq(comments.id, commentId.toLowerCase()), eq(comments.postId, postId)))
        .limit(1);
      if (!comment) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
      if (!viewer.isStaff && comment.userId !== viewer.id) throw forbidden(ENGAGEMENT_MESSAGES.commentDeleteForbidden);
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(comments)
          .where(and(eq(comments.id, commentId.toLowerCase()), eq(comments.postId, postId)))
          .returning({ id: comments.id });
        // Deleted by someone else a moment ago: nothing left to count.
        if (deleted.length === 0) throw notFound(ENGAGEMENT_MESSAGES.commentNotFound);
        // Only approved comments were counted.
        if (comment.status !== "approved") return;
        await tx
          .update(posts)
          .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
          .where(eq(posts.id, postId));
      });
      await changed(postId);
      // Moderation shows on the pages at once; readers' own comments, likes and reviews clear only their post's reads.
      await caches.changed([postTag(idOrSlug), POST_LISTS]);
    },

    /** The reviews of a post the viewer may see (404 otherwise). */
    async listReviews(idOrSlug: string, viewer: Viewer): Promise<PostDetail["reviews"]> {
      return loadReviews(db, await visiblePostId(idOrSlug, viewer));
    },

    /** Idempotent: a second like by the same reader changes nothing. */
    async addLike(idOrSlug: string, userId: string, viewer: Viewer): Promise<LikeState> {
      const postId = await visiblePostId(idOrSlug, viewer);
      try {
        const counted = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(postLikes)
            .values({ postId, userId })
            .onConflictDoNothing()
            .returning({ postId: postLikes.postId });
          if (inserted.length === 0) return undefined;
          const [updated] = await tx
            .update(posts)
            .set({ likeCount: sql`${posts.likeCount} + 1` })
            .where(eq(posts.id, postId))
            .returning({ likeCount: posts.likeCount });
          await bumpDailyStat(tx, postId, "likes");
          return updated?.likeCount;
        });
        await changed(postId, userId);
        if (counted !== undefined) return { likeCount: counted, likedByMe: true };
      } catch (error) {
        rethrowMissingPost(error);
      }
      return likeState(postId, userId);
    },

    /**
     * Idempotent. The like is taken back from the day it was given, so liking and unliking
     * over and over cannot inflate Hot or Trendy: each reader counts once per post.
     */
    async removeLike(idOrSlug: string, userId: string, viewer: Viewer): Promise<LikeState> {
      const postId = await visiblePostId(idOrSlug, viewer);
      const counted = await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
          .returning({ likedAt: postLikes.createdAt });
        const likedAt = deleted[0]?.likedAt;
        if (!likedAt) return undefined;
        const [updated] = await tx
          .update(posts)
          .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
          .where(eq(posts.id, postId))
          .returning({ likeCount: posts.likeCount });
        await takeBackDailyStat(tx, postId, "likes", likedAt);
        return updated?.likeCount;
      });
      await changed(postId, userId);
      if (counted !== undefined) return { likeCount: counted, likedByMe: false };
      return likeState(postId, userId);
    },

    /** Creates the reader's review of the post or replaces it (one per reader per post). */
    async saveReview(idOrSlug: string, userId: string, input: ReviewInput, viewer: Viewer): Promise<ReviewsAnswer> {
      const postId = await visiblePostId(idOrSlug, viewer);
      await moderation.assertMayEngage(userId);
      try {
        await db
          .insert(reviews)
          .values({ postId, userId, rating: input.rating, text: input.review })
          .onConflictDoUpdate({
            target: [reviews.postId, reviews.userId],
            set: { rating: input.rating, text: input.review, updatedAt: new Date() },
          });
      } catch (error) {
        rethrowMissingPost(error);
      }
      await changed(postId);
      return answerReviews(postId, ENGAGEMENT_MESSAGES.reviewSaved);
    },

    /** Changes the reader's existing review; 404 when there is none. */
    async updateReview(idOrSlug: string, userId: string, input: ReviewInput, viewer: Viewer): Promise<ReviewsAnswer> {
      const postId = await visiblePostId(idOrSlug, viewer);
      const updated = await db
        .update(reviews)
        .set({ rating: input.rating, text: input.review, updatedAt: new Date() })
        .where(and(eq(reviews.postId, postId), eq(reviews.userId, userId)))
        .returning({ id: reviews.id });
      if (updated.length === 0) throw notFound(ENGAGEMENT_MESSAGES.reviewNotFound);
      await changed(postId);
      return answerReviews(postId, ENGAGEMENT_MESSAGES.reviewUpdated);
    },

    async deleteReview(idOrSlug: string, userId: string, viewer: Viewer): Promise<ReviewsAnswer> {
      const postId = await visiblePostId(idOrSlug, viewer);
      const deleted = await db
        .delete(reviews)
        .where(and(eq(reviews.postId, postId), eq(reviews.userId, userId)))
        .returning({ id: reviews.id });
      if (deleted.length === 0) throw notFound(ENGAGEMENT_MESSAGES.reviewNotFound);
      await changed(postId);
      return answerReviews(postId, ENGAGEMENT_MESSAGES.reviewDeleted);
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
