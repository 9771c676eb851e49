import type { PostComment, PostDetail, PostSummary } from "@broadsheet/domain";
import type { ReadCache } from "../caching";

/** Who reads: a logged-in reader's id, and whether they are staff (who see drafts). */
export interface Viewer {
  id: string | undefined;
  isStaff: boolean;
}

/** What an anonymous reader sees: the shape every cached read is loaded as. */
export const ANONYMOUS: Viewer = { id: undefined, isStaff: false };
/** Staff with no account of their own in play: drafts included, no personal marks. */
export const ANY_STAFF: Viewer = { id: undefined, isStaff: true };

/** The reader's own marks on a set of posts. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  saved: ReadonlySet<string>;
}

/**
 * How shared (cached) summaries become the reader's own: their likes and Read Later flags.
 * Declared here and implemented by engagement's viewer state, which depends on posts.
 */
export interface ReaderMarks {
  marksOn(viewerId: string, postIds: Iterable<string>): Promise<ViewerMarks>;
  mark<T extends PostSummary>(post: T, marks: ViewerMarks): T;
  forViewer<T extends PostSummary>(viewerId: string | undefined, list: T[]): Promise<T[]>;
}

export interface SharedReads {
  reads: ReadCache;
  viewerState: ReaderMarks;
}

/**
 * What a post's detail shows of its readers' comments and reviews: engagement loads them
 * (it owns those tables) and the composition hands them in, so posts does not import engagement.
 */
export interface PostActivity {
  newestComments(postId: string, limit: number): Promise<PostComment[]>;
  reviews(postId: string): Promise<PostDetail["reviews"]>;
}
