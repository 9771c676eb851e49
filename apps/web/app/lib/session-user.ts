import type { PublicUser, ViewerState } from "@broadsheet/domain";
import { type RootData, useRootData } from "./root-data";
import { useViewerState } from "./viewer-state";

/** The logged-in reader as the root loader found them (null when logged out). */
export type SessionUser = PublicUser;

/**
 * The viewer-state answer, when it is about the reader the page is for: the shared reader
 * page's reader, or the same account after a client navigation.
 */
function useOwnState(): { root: RootData | undefined; own: ViewerState | null } {
  const root = useRootData();
  const own = useViewerState();
  const current = root?.readerShell || (own?.user != null && own.user._id === root?.user?._id);
  return { root, own: current ? own : null };
}

export function useSessionUser(): SessionUser | null {
  const { root, own } = useOwnState();
  if (root?.readerShell && own) return own.user;
  return root?.user ?? null;
}

/**
 * The reader's own marks: as the loader got them from the API, or (on the shared reader
 * page, whose data has none) from the viewer-state answer.
 */
export function useOwnMarks() {
  const { own } = useOwnState();
  return {
    liked: (post: { _id: string; likedByMe?: boolean }) => post.likedByMe ?? own?.liked.includes(post._id) ?? false,
    saved: (post: { _id: string; inReadLater?: boolean }) => post.inReadLater ?? own?.saved.includes(post._id) ?? false,
    vote: <Option extends number>(poll: { _id: string; myVote: Option | null }): Option | null =>
      poll.myVote ?? (own?.votes[poll._id] as Option | undefined) ?? null,
  };
}
