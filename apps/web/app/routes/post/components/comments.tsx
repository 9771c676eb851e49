import { formatRelativeTime, isStaff, postPath } from "@broadsheet/domain";
import { Flag, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { IdempotencyKeyField } from "../../../components/admin/editor-safety/idempotency-key-field";
import { useToast } from "../../../components/toaster";
import { fetchEndpoint } from "../../../lib/api-client";
import type { ActionResult } from "../../../lib/forms/action-result";
import type { Checked } from "../../../lib/forms/check";
import { useToastedFetcher } from "../../../lib/forms/toasted-fetcher";
import { useFormCheck } from "../../../lib/forms/use-form-check";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import type { PostComment, PostDetail } from "../../../lib/post-types";
import type { SessionUser } from "../../../lib/session-user";
import { Avatar } from "./avatar";

type CommentCheck = (form: FormData) => Checked<unknown>;
/** Until the browser's check has arrived, the action's own check (the same one) answers. */
const leaveToTheAction: CommentCheck = () => ({ ok: true, value: undefined });

/*
 * The comment check and the comments call are built from the domain's zod schemas: they are
 * fetched once the page is interactive, so a reader of the post never loads zod (decision 025).
 */
function useCommentCheck(enabled: boolean): CommentCheck {
  const [checkComment, setCheckComment] = useState<CommentCheck | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void import("../check-comment").then((module) => {
      if (current) setCheckComment(() => module.checkComment);
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return checkComment ?? leaveToTheAction;
}

/**
 * The reader's own comments waiting for review (staff: everyone's), which the shared page
 * never holds: asked of the API once the page is interactive and after each new comment.
 */
function useCommentsWaitingForReview(slug: string, user: SessionUser | null) {
  const [waiting, setWaiting] = useState<PostComment[]>([]);
  const [asked, setAsked] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` changes to ask again after a new comment.
  useEffect(() => {
    if (!user) return;
    let current = true;
    void (async () => {
      const { engagementApi } = await import("@broadsheet/domain/engagement.endpoints");
      const result = await fetchEndpoint(engagementApi.listComments, { params: { id: slug }, query: { page: 1 } });
      if (current && result.ok) setWaiting(result.data.items.filter((comment) => comment.pending));
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [slug, user, asked]);
  return { waiting, askAgain: () => setAsked((count) => count + 1) };
}

export function CommentsSection({ post, user, now }: { post: PostDetail; user: SessionUser | null; now: Date }) {
  const add = useFetcher<ActionResult>();
  // Without JavaScript the comment was posted with the page, and its refusal comes back with it.
  const posted = useActionData<ActionResult>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [more, setMore] = useState<PostComment[]>([]);
  const [nextPage, setNextPage] = useState(2);
  const [loadingMore, setLoadingMore] = useState(false);
  const { error, invalid, onSubmit, clearError } = useFormCheck(
    useCommentCheck(user !== null),
    add.data ?? (posted?.intent === "comment" ? posted : undefined),
  );
  const { waiting, askAgain } = useCommentsWaitingForReview(post.slug, user);
  useResultToast(add.data, () => {
    formRef.current?.reset();
    askAgain();
  });

  const known = new Set(post.comments.map((comment) => comment._id));
  const comments = [
    ...waiting.filter((comment) => !known.has(comment._id)),
    ...post.comments,
    ...more.filter((comment) => !known.has(comment._id)),
  ];

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const { engagementApi } = await import("@broadsheet/domain/engagement.endpoints");
      const result = await fetchEndpoint(engagementApi.listComments, {
        params: { id: post.slug },
        query: { page: nextPage },
      });
      if (!result.ok) throw new Error(`HTTP ${result.status}`);
      const page = result.data;
      setMore((all) => [...all, ...page.items]);
      setNextPage((value) => value + 1);
    } catch {
      toast.error("Could not load more comments. Please try again.");
    } finally {
      setLoadingMore(false);
    }
  };

  const commentId = useId();
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 scroll-mt-24">
      <h2 id="comments-heading" className="font-serif text-2xl font-bold text-ink">
        Comments <span className="text-base font-normal text-gray-600">({post.commentCount})</span>
      </h2>

      {user ? (
        <add.Form method="post" preventScrollReset ref={formRef} onSubmit={onSubmit} noValidate className="mt-5">
          <input type="hidden" name="intent" value="comment" />
          <IdempotencyKeyField result={add.data} />
          <label htmlFor={commentId} className="block text-sm font-semibold text-ink">
            Your comment
          </label>
          <textarea
            id={commentId}
            name="comment"
            rows={3}
            aria-invalid={invalid("comment")}
            aria-describedby={error ? `${commentId}-error` : undefined}
            onChange={clearError}
            placeholder="Share your thoughts…"
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-600"
          />
          {error ? (
            <p id={`${commentId}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="comment-error">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={add.state !== "idle"}
            className="mt-3 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {add.state !== "idle" ? "Posting…" : "Post Comment"}
          </button>
        </add.Form>
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-3 text-sm text-gray-700">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(postPath(post.slug))}`}
            className="font-semibold text-brand-700 underline hover:text-brand-600"
          >
            Log in to comment
          </Link>{" "}
          and join the conversation.
        </p>
      )}

      {comments.length === 0 ? (
        <p className="mt-6 text-gray-600">There is no comment for this post yet.</p>
      ) : (
        <ul aria-label="Comments" className="mt-6 divide-y divide-gray-100">
          {comments.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              user={user}
              now={now}
              onDeleted={(id) => setMore((all) => all.filter((item) => item._id !== id))}
            />
          ))}
        </ul>
      )}
      {comments.length < post.commentCount ? (
        <button
          type="button"
          onClick={loadMore}
          disabled={loadingMore}
          className="mt-4 rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60"
        >
          {loadingMore ? "Loading…" : "Show more comments"}
        </button>
      ) : null}
    </section>
  );
}

function CommentItem({
  comment,
  user,
  now,
  onDeleted,
}: {
  comment: PostComment;
  user: SessionUser | null;
  now: Date;
  onDeleted: (id: string) => void;
}) {
  // The page's reload drops this comment: its answer is toasted from the root.
  const remove = useToastedFetcher<ActionResult>(() => onDeleted(comment._id));
  const name = comment.postedBy?.name || "Anonymous";
  const mine = Boolean(user && comment.postedBy?._id && comment.postedBy._id === user._id);
  const canDelete = mine || isStaff(user?.role);

  if (remove.state !== "idle") return null;
  return (
    <li className="flex gap-3 py-4">
      <Avatar name={name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-ink">{name}</span>
          <time dateTime={comment.created} className="text-gray-600">
            {formatRelativeTime(comment.created, now)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-gray-800">{comment.text}</p>
        {comment.pending ? (
          <p className="mt-1 text-xs font-semibold text-amber-800">
            Waiting for review: only you and the editors see it.
          </p>
        ) : null}
        {user && !mine && !comment.pending ? <ReportComment comment={comment} name={name} /> : null}
      </div>
      {canDelete ? (
        <remove.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="deleteComment" />
          <input type="hidden" name="commentId" value={comment._id} />
          <button
            type="submit"
            aria-label={`Delete comment by ${name}`}
            className="rounded p-1.5 text-gray-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </remove.Form>
      ) : null}
    </li>
  );
}

/** Tells the editors about a comment; the answer (thanks, or already reported) is toasted. */
function ReportComment({ comment, name }: { comment: PostComment; name: string }) {
  const report = useToastedFetcher<ActionResult>();
  return (
    <report.Form method="post" preventScrollReset className="mt-1">
      <input type="hidden" name="intent" value="reportComment" />
      <input type="hidden" name="commentId" value={comment._id} />
      <button
        type="submit"
        disabled={report.state !== "idle"}
        aria-label={`Report comment by ${name}`}
        className="inline-flex items-center gap-1 text-xs text-gray-600 hover:text-red-700 hover:underline"
      >
        <Flag aria-hidden="true" className="h-3 w-3" />
        Report
      </button>
    </report.Form>
  );
}
