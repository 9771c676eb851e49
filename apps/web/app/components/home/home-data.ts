import type { PostSummary } from "../../lib/post-types";

/*
 * What the home loader hands the page, block by block: when GET /api/home fails, each
 * block is `{ ok: false }` and shows its own error state.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/** What a block shows when its posts could not be loaded (docs/product.md#home). */
export const POSTS_LOAD_FAILED = "Error loading posts!";

/** GET /api/adverts item (`category` is the placement) and GET /api/votes item. */
export type { AdvertJson as Advert, PollJson as Poll } from "@broadsheet/domain";

/*
 * What each hydrated block shows of a post. The loader sends no more than that: its data
 * travels in the document for hydration, and every field left out is bytes off every home page.
 */
export const CARD_FIELDS = ["_id", "slug", "title", "image", "createdAt", "category", "categorySlug"] as const;
/** A carousel card and a Featured News row. */
export type CardPost = Pick<PostSummary, (typeof CARD_FIELDS)[number]>;

export const BLOCK_FIELDS = [
  ...CARD_FIELDS,
  "type",
  "author",
  "authorSlug",
  "coauthors",
  "likeCount",
  "commentCount",
] as const;
/** A category block's post: a card with its type, bylines and counts. */
export type BlockPost = Pick<PostSummary, (typeof BLOCK_FIELDS)[number]>;

export const VIDEO_FIELDS = [...CARD_FIELDS, "type", "link"] as const;
/** An Audio & Video post, whose `link` the block plays. */
export type VideoPost = Pick<PostSummary, (typeof VIDEO_FIELDS)[number]>;

/** The named fields of a post, with only its first image (the one a home card shows). */
export function postFields<K extends keyof PostSummary>(post: PostSummary, fields: readonly K[]): Pick<PostSummary, K> {
  const picked: Partial<Pick<PostSummary, K>> = {};
  for (const field of fields)
    picked[field] = field === "image" ? (post.image.slice(0, 1) as PostSummary[K]) : post[field];
  return picked as Pick<PostSummary, K>;
}

/** Where a logged-out reader goes when they try to act on the home page. */
export const LOGIN_FROM_HOME = "/login?redirectTo=/";

/** The empty and error states of a list block. */
export function blockItems<T>(block: Loaded<T[]>): T[] {
  return block.ok ? block.data : [];
}
