import type { PostComment as CommentView, PostDetail } from "@broadsheet/domain";
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { comments, reviews, users } from "../db/schema";

export type { CommentView };

/**
 * Which of a post's comments a viewer sees: the approved ones, and those waiting for review
 * (or marked spam) to their author and staff (docs/product/moderation.md).
 */
export function commentsShownTo(postId: string, viewer?: { id?: string; isStaff: boolean }): SQL | undefined {
  const others = viewer?.isStaff
    ? sql`${comments.status} = 'pending'`
    : viewer?.id
      ? sql`${comments.userId} = ${viewer.id}`
      : undefined;
  return and(
    eq(comments.postId, postId),
    others ? or(eq(comments.status, "approved"), others) : eq(comments.status, "approved"),
  );
}

/** A post's comments shown to `viewer` (approved ones without one), newest first, with their authors (gone accounts answer as Anonymous). */
export function selectComments(db: Database, postId: string, viewer?: { id?: string; isStaff: boolean }) {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      status: comments.status,
      createdAt: comments.createdAt,
      userId: users.id,
      name: users.name,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(commentsShownTo(postId, viewer))
    .orderBy(desc(comments.createdAt), desc(comments.id));
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

export function toCommentView(comment: CommentRow): CommentView {
  return {
    _id: comment.id,
    text: comment.text,
    created: comment.createdAt.toISOString(),
    postedBy: { _id: comment.userId, name: comment.name ?? "Anonymous" },
    ...(comment.status !== "approved" && { pending: true as const }),
  };
}

/** A post's reviews as the detail shows them: count, average (one decimal), newest first. */
export async function loadReviews(db: Database, postId: string): Promise<PostDetail["reviews"]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      userId: users.id,
      name: users.name,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.postId, postId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const ratingSum = rows.reduce((sum, review) => sum + review.rating, 0);
  return {
    count: rows.length,
    average: rows.length ? Math.round((ratingSum / rows.length) * 10) / 10 : 0,
    items: rows.map((review) => ({
      _id: review.id,
      rating: review.rating,
      text: review.text,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      user: { _id: review.userId, name: review.name },
    })),
  };
}

/** What a post's detail shows of its readers' activity: the newest comments and every review. */
export function createPostActivity(db: Database) {
  return {
    async newestComments(postId: string, limit: number): Promise<CommentView[]> {
      return (await selectComments(db, postId).limit(limit)).map(toCommentView);
    },
    reviews: (postId: string) => loadReviews(db, postId),
  };
}
