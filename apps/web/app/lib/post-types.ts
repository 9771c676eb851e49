/*
 * The shapes of the posts API come from @broadsheet/domain (declared once, with the
 * server); the names below are the ones the pages use.
 */
export type {
  Category,
  Page,
  PostComment,
  PostDetail,
  PostReview,
  PostSummary,
  PostType,
} from "@broadsheet/domain";
