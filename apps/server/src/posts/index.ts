export { bylineOf, coauthorsOfPost } from "./bylines";
export { createEmbedDetails, type EmbedDetails, oembedFetcher } from "./embed-details";
export { sanitizeRichText } from "./html-sanitizer";
export { countPosts, EXACT_TOTAL_UP_TO } from "./post-counts";
export { createPostEditorsService, type PostEditorsService } from "./post-editors.service";
export { EXACT_COUNT_LIMIT, RANKED_WINDOW } from "./post-search";
export {
  findVisiblePostId,
  type PostSummary,
  postIdOrSlug,
  selectPostSummaries,
  toPostSummary,
  visiblePost,
  visibleTo,
} from "./post-summaries";
export { createPostsService, type PostsService } from "./posts.service";
export { createRevisionsService, type RevisionsService } from "./revisions.service";
export {
  ANONYMOUS,
  ANY_STAFF,
  type PostActivity,
  type ReaderMarks,
  type SharedReads,
  type Viewer,
  type ViewerMarks,
} from "./viewer";
