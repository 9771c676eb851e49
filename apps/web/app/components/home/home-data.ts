import type { PostSummary } from "../../lib/post-types";

/*
 * What the home loader hands the page, block by block: when GET /api/home fails, each
 * block is `{ ok: false }` and shows its own error state.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/** GET /api/adverts item (`category` is the placement) and GET /api/votes item. */
export type { AdvertJson as Advert, PollJson as Poll } from "@broadsheet/domain";

/** An Audio & Video post: a summary, whose `link` the block plays. */
export type VideoPost = PostSummary;

/** Where a logged-out reader goes when they try to act on the home page. */
export const LOGIN_FROM_HOME = "/login?redirectTo=/";

/** The empty and error states of a list block. */
export function blockItems<T>(block: Loaded<T[]>): T[] {
  return block.ok ? block.data : [];
}
