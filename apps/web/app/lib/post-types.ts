/*
 * The shapes of the posts API (DESIGN.md §6) as the pages read them. The web app never
 * imports the server, so these mirror the JSON contract of /api/posts.
 */

/** A post in every list: no content, counts instead of arrays. */
export interface PostSummary {
  _id: string;
  slug: string;
  title: string;
  /** External or video link, "" when none. */
  link: string;
  author: string;
  createdAt: string;
  category: string;
  type: string;
  image: string[];
  views: number;
  likeCount: number;
  commentCount: number;
  minuteRead: number;
  isPublished: boolean;
  likedByMe?: boolean;
  inReadLater?: boolean;
}

export interface PostComment {
  _id: string;
  text: string;
  created: string;
  postedBy?: { _id: string | null; name?: string | null } | null;
}

export interface PostReview {
  _id: string;
  rating: number;
  text: string;
  createdAt: string;
  user: { _id: string; name: string };
}

/** GET /api/posts/{slug}. */
export interface PostDetail extends PostSummary {
  content: string;
  link: string;
  sku: string;
  categorySlug: string;
  typeSlug?: string;
  publishedAt?: string | null;
  updatedAt?: string;
  comments: PostComment[];
  reviews: { count: number; average: number; items: PostReview[] };
}

/** `{ items, total, page, limit }` of every growing list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface Category {
  _id: string;
  name: string;
  slug: string;
}

/** A post type; `category` is its category's name. */
export interface PostType {
  _id: string;
  name: string;
  slug: string;
  category: string;
}

/** The link of a post's page. */
export function postPath(post: { slug: string }): string {
  return `/page/${encodeURIComponent(post.slug)}`;
}
