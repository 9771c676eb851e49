import { pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { choiceQuery, pageQuerySchema, textQuery, uuidParams } from "../api/query.schemas";
import { z } from "../zod";
import {
  COMMENT_FILTERS,
  COMMENT_STATUSES,
  CommentBulkSchema,
  CommentPatchSchema,
  MODERATION_PAGE_SIZE,
} from "./moderation.schemas";

/** /api/comments: Admin → Comments and readers' reports (docs/product/moderation.md). */

const dateTime = () => z.string().meta({ format: "date-time" });

export const ModeratedCommentSchema = z
  .object({
    _id: z.string(),
    text: z.string(),
    status: z.enum(COMMENT_STATUSES),
    created: dateTime(),
    postedBy: z.object({
      _id: z.string().nullable(),
      name: z.string(),
      blocked: z.boolean().describe("Whether staff blocked this reader from commenting and reviewing"),
    }),
    post: z.object({ _id: z.string(), title: z.string(), slug: z.string() }),
    reports: z.number().int().describe("How many readers reported it"),
  })
  .meta({ id: "ModeratedComment" });
export type ModeratedComment = z.infer<typeof ModeratedCommentSchema>;

export const ModerationQuerySchema = pageQuerySchema(MODERATION_PAGE_SIZE).extend({
  status: choiceQuery("status", ["", ...COMMENT_FILTERS], "", "pending, approved, spam or reported; empty for all"),
  search: textQuery(200, "Part of the text or of the commenter's name"),
});
export type ModerationQuery = z.output<typeof ModerationQuerySchema>;

const ModerationCountsSchema = z
  .object({
    pending: z.number().int(),
    approved: z.number().int(),
    spam: z.number().int(),
    reported: z.number().int(),
  })
  .meta({ id: "ModerationCounts" });
export type ModerationCounts = z.infer<typeof ModerationCountsSchema>;

const comments = (summary: string, extra: { description?: string } = {}) =>
  ({ tag: "Comments", summary, access: "staff", ...extra }) as const;
const CommentIdParams = uuidParams("comment");
const UserIdParams = uuidParams("user");
const BlockAnswerSchema = z.object({ message: z.string(), blocked: z.boolean() }).meta({ id: "CommentBlock" });

export const moderationApi = {
  list: endpoint({
    method: "get",
    path: "/api/comments",
    ...comments("Every comment, newest first, by status", {
      description: "reported: comments at least one reader reported, whatever their status.",
    }),
    query: ModerationQuerySchema,
    response: pageSchema(ModeratedCommentSchema),
    responseDescription: "A page of comments",
  }),
  counts: endpoint({
    method: "get",
    path: "/api/comments/counts",
    ...comments("How many comments each filter holds"),
    response: ModerationCountsSchema,
    responseDescription: "The counts",
  }),
  update: endpoint({
    method: "patch",
    path: "/api/comments/{id}",
    ...comments("Approve, mark as spam, hold or edit a comment"),
    params: CommentIdParams,
    body: CommentPatchSchema,
    response: ModeratedCommentSchema,
    responseDescription: "The comment as it now is",
    errors: [404],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/comments/{id}",
    ...comments("Delete a comment"),
    params: CommentIdParams,
    response: MessageSchema,
    responseDescription: "Deleted",
    errors: [404],
  }),
  bulk: endpoint({
    method: "post",
    path: "/api/comments/bulk",
    ...comments("Approve, mark as spam or delete several comments"),
    body: CommentBulkSchema,
    response: z.object({ message: z.string(), changed: z.number().int() }).meta({ id: "CommentBulkAnswer" }),
    responseDescription: "How many comments changed",
  }),
  report: endpoint({
    method: "post",
    path: "/api/comments/{id}/reports",
    tag: "Comments",
    summary: "Report a comment to the editors",
    description: "Once per reader; reports from several readers hide the comment until staff review it.",
    access: "user",
    params: CommentIdParams,
    response: MessageSchema,
    responseDescription: "Reported",
    errors: [404, 409],
  }),
  block: endpoint({
    method: "put",
    path: "/api/users/{id}/comment-block",
    ...comments("Block a reader: their new comments and reviews are refused"),
    params: UserIdParams,
    response: BlockAnswerSchema,
    responseDescription: "Blocked",
    errors: [404],
  }),
  unblock: endpoint({
    method: "delete",
    path: "/api/users/{id}/comment-block",
    ...comments("Unblock a reader"),
    params: UserIdParams,
    response: BlockAnswerSchema,
    responseDescription: "Unblocked",
    errors: [404],
  }),
} as const;
