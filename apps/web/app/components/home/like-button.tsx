import { Heart } from "lucide-react";
import type { FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ENHANCED_FORM } from "../../lib/document/enhanced-forms";
import { useResultToast } from "../../lib/forms/use-result-toast";
import type { PostSummary } from "../../lib/post-types";
import { useOwnMarks, useSessionUser } from "../../lib/session-user";
import { type HomeActionResult, LOGIN_FROM_HOME } from "./home-data";

/**
 * The like toggle of a World News post: logged out it sends the reader to log in; logged
 * in it calls addLike / removeLike through the home action and shows the new count at
 * once (optimistically, then the API's answer). The count itself shows only above 0.
 */
export function LikeButton({ post }: { post: Pick<PostSummary, "_id" | "title" | "likeCount" | "likedByMe"> }) {
  const user = useSessionUser();
  const marks = useOwnMarks();
  const navigate = useNavigate();
  const fetcher = useFetcher<HomeActionResult>();
  const result = fetcher.data?.intent === "like" ? fetcher.data : undefined;

  let liked = marks.liked(post);
  let count = post.likeCount;
  if (result?.ok && result.likeCount !== undefined) {
    liked = Boolean(result.likedByMe);
    count = result.likeCount;
  }
  const pending = fetcher.formData?.get("intent");
  if (pending === "like" || pending === "unlike") {
    const next = pending === "like";
    if (next !== liked) count = Math.max(0, count + (next ? 1 : -1));
    liked = next;
  }

  // A like answers with the new count and no message: only a failure is toasted.
  useResultToast(result);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (user) return;
    event.preventDefault();
    navigate(LOGIN_FROM_HOME);
  };

  return (
    <fetcher.Form
      method="post"
      action="/?index"
      onSubmit={onSubmit}
      className="inline-flex items-center gap-1"
      {...ENHANCED_FORM}
    >
      <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
      <input type="hidden" name="postId" value={post._id} />
      <button
        type="submit"
        aria-pressed={liked}
        aria-label={`Like “${post.title}”`}
        title={liked ? "Unlike" : "Like"}
        className={`-m-1 rounded-full p-1 transition hover:bg-brand-50 hover:text-brand-700 ${liked ? "text-brand-700" : "text-gray-600"}`}
        data-like-button=""
      >
        <Heart aria-hidden="true" className="h-4 w-4" fill={liked ? "currentColor" : "none"} />
      </button>
      {count > 0 ? (
        <span role="img" aria-label={`${count} like${count === 1 ? "" : "s"}`} data-like-count="">
          {count}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
