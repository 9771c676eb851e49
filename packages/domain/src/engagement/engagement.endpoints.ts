import { PostCommentSchema, PostDetailSchema, pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { PostIdParams, pageQuerySchema } from "../api/query.schemas";
import { z } from "../zod";
import { COMMENT_PAGE_SIZE, CommentInputSchema, ReviewInputSchema } from "./engagement.schemas";

/** /api/posts/…: comments, likes and reviews of a post (docs/product.md#7-api "Posts"). */

export const LikeStateSchema = z.object({ likeCount: z.number(), likedByMe: z.boolean() }).meta({ id: "LikeState" });
export type LikeState = z.infer<typeof LikeStateSchema>;

/** Every review call answers its message and the post's reviews as they now are. */
export const ReviewsAnswerSchema = z
  .object({ message: z.string(), reviews: PostDetailSchema.shape.reviews })
  .meta({ id: "ReviewsAnswer" });
export type ReviewsAnswer = z.infer<typeof ReviewsAnswerSchema>;

const CommentPageSchema = pageSchema(PostCommentSchema);

const CommentParams = PostIdParams.extend({ commentId: z.string().meta({ description: "The comment's id (UUID)" }) });

export const engagementApi = {
  listReviews: endpoint({
    method: "get",
    path: "/api/posts/{id}/reviews",
    tag: "Engagement",
    summary: "A post's reviews, newest first, with their count and average rating",
    description: "Drafts are visible to staff only.",
    access: "optional",
    params: PostIdParams,
    response: PostDetailSchema.shape.reviews,
    responseDescription: "The post's reviews",
    errors: [404],
  }),
  listComments: endpoint({
    method: "get",
    path: "/api/posts/{id}/comments",
    tag: "Engagement",
    summary: "A post's comments, newest first",
    access: "optional",
    params: PostIdParams,
    query: pageQuerySchema(COMMENT_PAGE_SIZE),
    response: CommentPageSchema,
    responseDescription: "A page of comments",
    errors: [404],
  }),
  addComment: endpoint({
    method: "post",
    path: "/api/posts/{id}/comments",
    tag: "Engagement",
    summary: "Comment on a post",
    description: "Plain text. Rate limited per IP.",
    access: "user",
    params: PostIdParams,
    body: CommentInputSchema,
    status: 201,
    response: CommentPageSchema.extend({
      message: z.string().optional().describe("Set when the comment waits for review (docs/product/moderation.md)"),
    }),
    responseDescription:
      "The first page of comments, the new one on top (shown to its author while it waits for review)",
    errors: [400, 403, 404, 429],
  }),
  recordView: endpoint({
    method: "post",
    path: "/api/posts/{id}/view",
    tag: "Engagement",
    summary: "Count a reader's view of a published post",
    description:
      "Sent by the post page once it shows, so pages served from the cache count too. A view counts once per reader (the account, or the signed visitor id cookie this call sets for anonymous readers) per post per 30 minutes, and at most 10 times per client address and post in that time; staff and bots are not counted.",
    access: "optional",
    params: PostIdParams,
    response: z.object({ counted: z.boolean() }),
    responseDescription: "Whether this view counted",
    errors: [404],
  }),
  deleteComment: endpoint({
    method: "delete",
    path: "/api/posts/{id}/comments/{commentId}",
    tag: "Engagement",
    summary: "Delete a comment",
    description: "Its author, or staff.",
    access: "user",
    params: CommentParams,
    response: MessageSchema,
    responseDescription: "Comment deleted",
    errors: [403, 404],
  }),
  addLike: endpoint({
    method: "put",
    path: "/api/posts/addLike/{id}",
    tag: "Engagement",
    summary: "Like a post",
    description: "Idempotent: one like per reader.",
    access: "user",
    params: PostIdParams,
    response: LikeStateSchema,
    responseDescription: "The post's likes",
    errors: [404],
  }),
  removeLike: endpoint({
    method: "put",
    path: "/api/posts/removeLike/{id}",
    tag: "Engagement",
    summary: "Take back a like",
    access: "user",
    params: PostIdParams,
    response: LikeStateSchema,
    responseDescription: "The post's likes",
    errors: [404],
  }),
  saveReview: endpoint({
    method: "patch",
    path: "/api/posts/review/{id}",
    tag: "Engagement",
    summary: "Review a post (rating 1–5 and text)",
    description: "One review per reader and post.",
    access: "user",
    params: PostIdParams,
    body: ReviewInputSchema,
    response: ReviewsAnswerSchema,
    responseDescription: "Message and the post's reviews",
    errors: [400, 403, 404, 409],
    idempotent: true,
  }),
  updateReview: endpoint({
    method: "patch",
    path: "/api/posts/updateReview/{id}",
    tag: "Engagement",
    summary: "Edit one's own review",
    access: "user",
    params: PostIdParams,
    body: ReviewInputSchema,
    response: ReviewsAnswerSchema,
    responseDescription: "Message and the post's reviews",
    errors: [400, 404],
  }),
  deleteReview: endpoint({
    method: "patch",
    path: "/api/posts/deleteReview/{id}",
    tag: "Engagement",
    summary: "Delete one's own review",
    access: "user",
    params: PostIdParams,
    response: ReviewsAnswerSchema,
    responseDescription: "Message and the post's reviews",
    errors: [404],
  }),
};
