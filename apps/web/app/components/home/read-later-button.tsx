import { LoaderCircle } from "lucide-react";
import type { FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ENHANCED_FORM } from "../../lib/document/enhanced-forms";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useOfflineCopy } from "../../lib/offline/use-offline-copy";
import type { PostSummary } from "../../lib/post-types";
import { useOwnMarks, useSessionUser } from "../../lib/session-user";
import { Glyph } from "../glyph";
import { PageLink } from "../page-link";
import { type HomeActionResult, LOGIN_FROM_HOME } from "./home-data";

/**
 * "Add To Read Later": a logged-out reader is sent to log in; a logged-in one saves the
 * post through the home action and gets the API's message as a toast. Without JavaScript
 * the form posts and the page reloads.
 */
export function ReadLaterButton({ post }: { post: Pick<PostSummary, "_id" | "slug" | "inReadLater"> }) {
  const user = useSessionUser();
  const marks = useOwnMarks();
  const navigate = useNavigate();
  // Keyed by post: every card of the same post (in both carousels) shares one state,
  // and its answer is toasted once.
  const fetcher = useFetcher<HomeActionResult>({ key: `read-later-${post._id}` });
  const result = fetcher.data?.intent === "readLater" ? fetcher.data : undefined;
  const saved = marks.saved(post) || result?.ok === true;
  useOfflineCopy(user?._id, post, saved);
  const busy = fetcher.state !== "idle";
  useResultToast(result);

  if (saved) {
    return (
      <PageLink
        to="/readLater"
        className="inline-flex items-center justify-center gap-1.5 rounded border border-green-700 px-3 py-1.5 text-xs font-bold text-green-800 hover:bg-green-50"
      >
        <Glyph name="bookmark-check" className="h-4 w-4" />
        In your Read Later
      </PageLink>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (user) return;
    event.preventDefault();
    navigate(LOGIN_FROM_HOME);
  };

  return (
    <fetcher.Form method="post" action="/?index" onSubmit={onSubmit} {...ENHANCED_FORM}>
      <input type="hidden" name="intent" value="readLater" />
      <input type="hidden" name="postId" value={post._id} />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-1.5 rounded border border-ink px-3 py-1.5 text-xs font-bold text-ink transition hover:bg-ink hover:text-white disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
        ) : (
          <Glyph name="bookmark-plus" className="h-4 w-4" />
        )}
        Add To Read Later
      </button>
    </fetcher.Form>
  );
}
