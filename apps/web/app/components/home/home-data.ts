import type { PollOption } from "@broadsheet/domain";
import type { PostSummary } from "../../lib/post-types";

/*
 * What the home loader hands the page, block by block: when GET /api/home fails, each
 * block is `{ ok: false }` and shows its own error state.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };

/** GET /api/adverts item (`category` is the placement). */
export interface Advert {
  _id: string;
  link: string;
  category: string;
  content: string;
  image: string[];
}

/** GET /api/votes item. */
export interface Poll {
  _id: string;
  title: string;
  optionOne: string;
  optionTwo: string;
  optionThree: string;
  counts: { optionOne: number; optionTwo: number; optionThree: number };
  totalVotes: number;
  myVote: PollOption | null;
}

/** An Audio & Video post: the summary plus the `link` of its detail. */
export interface VideoPost extends PostSummary {
  link: string;
}

/** The answer of the home route action, read by the fetchers that sent it. */
export type HomeActionResult =
  | { intent: "readLater"; ok: boolean; postId: string; message: string }
  | { intent: "like"; ok: boolean; postId: string; message: string; likeCount?: number; likedByMe?: boolean }
  | { intent: "vote"; ok: boolean; message: string; poll?: Poll };

/** Where a logged-out reader goes when they try to act on the home page. */
export const LOGIN_FROM_HOME = "/login?redirectTo=/";

/** The empty and error states of a list block. */
export function blockItems<T>(block: Loaded<T[]>): T[] {
  return block.ok ? block.data : [];
}
