export { createFeedsService, type FeedsService } from "./feeds.service";
export { sanitizeRichText } from "./html-sanitizer";
export { EXACT_COUNT_LIMIT, RANKED_WINDOW } from "./post-search";
export {
  type PostSummary,
  postIdOrSlug,
  selectPostSummaries,
  toPostSummary,
  visiblePost,
  visibleTo,
} from "./post-summaries";
export {
  type CommentView,
  createPostsService,
  loadReviews,
  type PostDetail,
  type PostsService,
  type SharedReads,
  selectComments,
  toCommentView,
  type Viewer,
} from "./posts.service";
export { createRevisionsService, type RevisionsService } from "./revisions.service";
