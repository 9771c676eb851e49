import { LoaderCircle } from "lucide-react";
import { useFetcher } from "react-router";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useOfflineCopy } from "../../lib/offline/use-offline-copy";
import type { PostSummary } from "../../lib/post-types";
import { useOwnMarks, useSessionUser } from "../../lib/session-user";
import { ReaderActionForm, type ReaderActionResult } from "../../routes/reader-actions/action-form";
import { Glyph } from "../glyph";
import { PageLink } from "../page-link";
import { useLoginFirst } from "./use-login-first";

/**
 * "Add To Read Later": a logged-out reader is sent to log in; a logged-in one saves the
 * post through /reader-actions and gets the API's message as a toast. Without JavaScript
 * the form posts and the page reloads.
 */
export function ReadLaterButton({ post }: { post: Pick<PostSummary, "_id" | "slug" | "inReadLater"> }) {
  const user = useSessionUser();
  const marks = useOwnMarks();
  const loginFirst = useLoginFirst();
  // Keyed by post: every card of the same post (in both carousels) shares one state,
  // and its answer is toasted once.
  const fetcher = useFetcher<ReaderActionResult>({ key: `read-later-${post._id}` });
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

  return (
    <ReaderActionForm
      fetcher={fetcher}
      intent="readLater"
      fields={{ postId: post._id }}
      back="/#latest-news"
      onSubmit={loginFirst}
    >
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
    </ReaderActionForm>
  );
}
