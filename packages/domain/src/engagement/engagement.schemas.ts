import { MESSAGES } from "../api/messages";
import { COMMENT_MAX_LENGTH, SHARE_PLATFORMS } from "../rules/limits";
import { z } from "../zod";

export const REVIEW_MAX_LENGTH = 2000;
export const COMMENT_PAGE_SIZE = 20;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Messages of comments, likes, reviews and shares (docs/product.md#8-validation-and-messages). */
export const ENGAGEMENT_MESSAGES = {
  commentRequired: MESSAGES.commentRequired,
  commentTooLong: `A comment can be at most ${COMMENT_MAX_LENGTH} characters`,
  commentNotFound: "Comment not found",
  commentDeleted: "Comment deleted successfully",
  commentDeleteForbidden: "You can only delete your own comments",
  ratingInvalid: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`,
  reviewTooLong: `A review can be at most ${REVIEW_MAX_LENGTH} characters`,
  reviewNotFound: "You have not reviewed this post",
  reviewSaved: "Review saved successfully",
  reviewUpdated: "Review updated successfully",
  reviewDeleted: "Review deleted successfully",
  postIdRequired: "Please say which post was shared",
  platformInvalid: `Platform must be one of ${SHARE_PLATFORMS.join(", ")}`,
  shareRecorded: "Share recorded",
} as const;

/**
 * A body read leniently: anything that is not an object counts as empty, so the fields'
 * own messages answer; typed as the object's input for the callers that build it.
 */
function lenientObject<T extends z.ZodObject>(schema: T) {
  return z.preprocess((raw: z.input<T>) => (raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {}), schema);
}

/**
 * POST /api/posts/{id}/comments, body { comment }. Plain text, kept as typed apart from
 * surrounding whitespace: it is never HTML-encoded here (React escapes it when rendering).
 */
export const CommentInputSchema = lenientObject(
  z.object({
    comment: z
      .string({ error: MESSAGES.commentRequired })
      .trim()
      .min(1, MESSAGES.commentRequired)
      .max(COMMENT_MAX_LENGTH, ENGAGEMENT_MESSAGES.commentTooLong),
  }),
);
export type CommentInput = z.infer<typeof CommentInputSchema>;

/** A rating arrives as a number or, from a plain form, as a string of digits. */
const rating = z.preprocess(
  (value: number | string) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: ENGAGEMENT_MESSAGES.ratingInvalid })
    .int(ENGAGEMENT_MESSAGES.ratingInvalid)
    .min(RATING_MIN, ENGAGEMENT_MESSAGES.ratingInvalid)
    .max(RATING_MAX, ENGAGEMENT_MESSAGES.ratingInvalid),
);

/** PATCH review/{id} and updateReview/{id}: { rating 1–5, review (optional text) }. */
export const ReviewInputSchema = lenientObject(
  z.object({
    rating,
    review: z
      .string({ error: ENGAGEMENT_MESSAGES.reviewTooLong })
      .trim()
      .max(REVIEW_MAX_LENGTH, ENGAGEMENT_MESSAGES.reviewTooLong)
      .optional()
      .default(""),
  }),
);
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** POST /api/shares: { postId (slug or id), platform }. */
export const ShareInputSchema = lenientObject(
  z.object({
    postId: z
      .string({ error: ENGAGEMENT_MESSAGES.postIdRequired })
      .trim()
      .min(1, ENGAGEMENT_MESSAGES.postIdRequired)
      .max(300, ENGAGEMENT_MESSAGES.postIdRequired),
    platform: z.enum(SHARE_PLATFORMS, { error: ENGAGEMENT_MESSAGES.platformInvalid }),
  }),
);
export type ShareInput = z.infer<typeof ShareInputSchema>;
