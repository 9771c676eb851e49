import { Bookmark, BookmarkCheck, Heart, MessageCircle } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { useOfflineCopy } from "../../../lib/offline/use-offline-copy";
import type { PostDetail } from "../../../lib/post-types";
import { type SessionUser, useOwnMarks } from "../../../lib/session-user";
import { ReaderActionForm, type ReaderActionResult } from "../../reader-actions/action-form";

/** The post's like and Read Later buttons (posted to /reader-actions) and its comment count. */
export function EngagementBar({ post, user }: { post: PostDetail; user: SessionUser | null }) {
  const marks = useOwnMarks();
  const { pathname } = useLocation();
  const like = useFetcher<ReaderActionResult>();
  const readLater = useFetcher<ReaderActionResult>();
  useResultToast(like.data);
  useResultToast(readLater.data);

  // Optimistic while the request is on its way (only for a logged-in reader: others go to /login).
  const pendingLike = user ? like.formData : undefined;
  const liked = pendingLike ? pendingLike.get("intent") === "like" : marks.liked(post);
  const likeCount = pendingLike ? Math.max(0, post.likeCount + (liked ? 1 : -1)) : post.likeCount;
  const pendingSave = user ? readLater.formData : undefined;
  const saved = pendingSave ? pendingSave.get("saved") !== "true" : marks.saved(post);
  useOfflineCopy(user?._id, post, marks.saved(post));

  return (
    <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
      <ReaderActionForm
        fetcher={like}
        intent={liked ? "unlike" : "like"}
        fields={{ postId: post._id }}
        back={pathname}
        preventScrollReset
        className="flex items-center gap-2"
      >
        <button
          type="submit"
          aria-pressed={liked}
          className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${
            liked
              ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
              : "border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700"
          }`}
        >
          <Heart aria-hidden="true" className={`h-4 w-4 ${liked ? "fill-current" : ""}`} />
          Like
        </button>
        <span data-testid="like-count" aria-live="polite" className="text-sm text-gray-700">
          {likeCount} {likeCount === 1 ? "like" : "likes"}
        </span>
      </ReaderActionForm>
      <ReaderActionForm
        fetcher={readLater}
        intent="readLater"
        fields={{ postId: post._id, saved: String(saved) }}
        back={pathname}
        preventScrollReset
      >
        <button
          type="submit"
          aria-pressed={saved}
          className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${
            saved
              ? "border-ink bg-ink text-white hover:bg-gray-800"
              : "border-gray-300 bg-white text-ink hover:border-ink"
          }`}
        >
          {saved ? (
            <BookmarkCheck aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Bookmark aria-hidden="true" className="h-4 w-4" />
          )}
          {saved ? "Saved to Read Later" : "Add To Read Later"}
        </button>
      </ReaderActionForm>
      <span className="ml-auto inline-flex items-center gap-1 text-sm text-gray-600">
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        <a href="#comments" className="hover:text-brand-700 hover:underline">
          {post.commentCount} {post.commentCount === 1 ? "comment" : "comments"}
        </a>
      </span>
    </div>
  );
}
