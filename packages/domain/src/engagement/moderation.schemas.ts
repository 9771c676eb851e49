import { COMMENT_MAX_LENGTH } from "../rules/limits";
import { z } from "../zod";
import { ENGAGEMENT_MESSAGES } from "./engagement.schemas";

/** Comment moderation (docs/product/moderation.md): statuses, the queue's filters and messages. */

export const COMMENT_STATUSES = ["approved", "pending", "spam"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** The queue's filters: a status, or "reported" (comments readers reported, whatever their status). */
export const COMMENT_FILTERS = ["pending", "approved", "spam", "reported"] as const;
export type CommentFilter = (typeof COMMENT_FILTERS)[number];

export const COMMENT_BULK_ACTIONS = ["approve", "spam", "delete"] as const;
export type CommentBulkAction = (typeof COMMENT_BULK_ACTIONS)[number];

/** Reports from this many readers hide an approved comment until staff review it. */
export const REPORTS_TO_HIDE = 3;
export const MODERATION_PAGE_SIZE = 25;
export const BULK_MAX = 100;

export const MODERATION_MESSAGES = {
  heldForReview: "Thanks! Your comment is waiting for review",
  blocked: "You can no longer comment or review on this site",
  reported: "Thanks for the report: our editors will look at this comment",
  alreadyReported: "You have already reported this comment",
  ownComment: "You cannot report your own comment",
  nothingToChange: "Say what to change: status or text",
  statusInvalid: `Status must be one of ${COMMENT_STATUSES.join(", ")}`,
  actionInvalid: `Action must be one of ${COMMENT_BULK_ACTIONS.join(", ")}`,
  idsRequired: `Choose from 1 to ${BULK_MAX} comments`,
  userNotFound: "User not found",
  staffNotBlockable: "Staff accounts cannot be blocked",
  approved: "Comment approved",
  markedSpam: "Comment marked as spam",
  updated: "Comment updated",
  userBlocked: "Reader blocked: their new comments and reviews are refused",
  userUnblocked: "Reader unblocked",
} as const;

export const CommentPatchSchema = z
  .object({
    status: z.enum(COMMENT_STATUSES, { error: MODERATION_MESSAGES.statusInvalid }).optional(),
    text: z
      .string()
      .trim()
      .min(1, ENGAGEMENT_MESSAGES.commentRequired)
      .max(COMMENT_MAX_LENGTH, ENGAGEMENT_MESSAGES.commentTooLong)
      .optional(),
  })
  .strict()
  .refine((patch) => patch.status !== undefined || patch.text !== undefined, MODERATION_MESSAGES.nothingToChange);
export type CommentPatch = z.infer<typeof CommentPatchSchema>;

export const CommentBulkSchema = z
  .object({
    ids: z
      .array(z.string(), { error: MODERATION_MESSAGES.idsRequired })
      .min(1, MODERATION_MESSAGES.idsRequired)
      .max(BULK_MAX, MODERATION_MESSAGES.idsRequired),
    action: z.enum(COMMENT_BULK_ACTIONS, { error: MODERATION_MESSAGES.actionInvalid }),
  })
  .strict();
export type CommentBulk = z.infer<typeof CommentBulkSchema>;
