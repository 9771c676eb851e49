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

/** The link of a post's page. */
export function postPath(post: { slug: string }): string {
  return `/page/${encodeURIComponent(post.slug)}`;
}

/** A category's page, or one of its types' pages. */
export function categoryPath(categorySlug: string, typeSlug?: string): string {
  const path = `/category/${encodeURIComponent(categorySlug)}`;
  return typeSlug ? `${path}/${encodeURIComponent(typeSlug)}` : path;
}

/** An author's page; none for a post whose account is gone. */
export function authorPath(authorSlug: string): string | null {
  return authorSlug ? `/author/${encodeURIComponent(authorSlug)}` : null;
}
