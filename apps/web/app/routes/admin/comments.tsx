import {
  COMMENT_FILTERS,
  type CommentBulkAction,
  type CommentFilter,
  type CommentStatus,
  formatZonedTime,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  type ModeratedComment,
  type ModerationCounts,
  moderationApi,
  postPath,
} from "@broadsheet/domain";
import { Ban, Check, MessageSquare, Search, ShieldAlert, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { DeleteAction } from "../../components/admin/delete-action";
import { Button, type Column, DataTable, Field, Pager } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction, fail } from "../../lib/forms/answer.server";
import { formList, formText } from "../../lib/forms/form-data";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { listHref, pageParam, pastLastPage } from "../../lib/paging";
import { useSite } from "../../lib/site";
import type { Route } from "./+types/comments";

/*
 * Admin → Comments (docs/product/moderation.md): every comment by status, with approve, spam,
 * edit, delete and block per row and for several at once. Works without scripts.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Comments");

const FILTER_LABELS: Record<CommentFilter | "", string> = {
  "": "All",
  pending: "Pending",
  approved: "Approved",
  spam: "Spam",
  reported: "Reported",
};

const STATUS_LABELS: Record<CommentStatus, string> = {
  approved: "Approved",
  pending: "Waiting for review",
  spam: "Spam",
};

interface Filters {
  status: CommentFilter | "";
  search: string;
}

const commentsHref = (filters: Filters, page: number) => listHref("/admin/comments", { ...filters, page });

function filtersOf(params: URLSearchParams): Filters {
  const status = params.get("status") ?? "";
  return {
    status: (COMMENT_FILTERS as readonly string[]).includes(status) ? (status as CommentFilter) : "",
    search: (params.get("search") ?? "").trim().slice(0, 200),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const page = pageParam(params);
  const [comments, counts] = await Promise.all([
    callApi(context, moderationApi.list, { query: { ...filters, page, limit: MODERATION_PAGE_SIZE } }),
    callApi(context, moderationApi.counts),
  ]);
  if (!comments.ok) throw data(errorMessage(comments), { status: comments.status });
  const last = pastLastPage(page, comments.data);
  if (last) throw redirect(commentsHref(filters, last));
  return { filters, comments: comments.data, counts: counts.ok ? counts.data : null };
}

/** The screen's forms by intent: one row's action, or the bulk form's. */
function commentActions(context: Route.ActionArgs["context"], form: FormData) {
  const id = formText(form, "id");
  const setStatus = (status: CommentStatus, success: string) =>
    apiAction(context, "status", moderationApi.update, { params: { id }, body: { status } }, { success });
  const handlers: Record<string, () => ReturnType<typeof apiAction>> = {
    approve: () => setStatus("approved", MODERATION_MESSAGES.approved),
    spam: () => setStatus("spam", MODERATION_MESSAGES.markedSpam),
    edit: () =>
      apiAction(
        context,
        "edit",
        moderationApi.update,
        { params: { id }, body: { text: formText(form, "text") } },
        { success: MODERATION_MESSAGES.updated },
      ),
    delete: () => apiAction(context, "delete", moderationApi.remove, { params: { id } }),
    block: () => apiAction(context, "block", moderationApi.block, { params: { id: formText(form, "userId") } }),
    unblock: () => apiAction(context, "block", moderationApi.unblock, { params: { id: formText(form, "userId") } }),
    bulk: () => {
      const ids = formList(form, "ids");
      if (ids.length === 0) return Promise.resolve(fail({ intent: "bulk", message: MODERATION_MESSAGES.idsRequired }));
      const bulkAction = formText(form, "bulkAction") as CommentBulkAction;
      return apiAction(context, "bulk", moderationApi.bulk, { body: { ids, action: bulkAction } });
    },
  };
  return handlers;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  return commentActions(context, form)[formText(form, "intent")]?.() ?? fail({ message: "Unknown action" });
}

function RowButton({
  intent,
  comment,
  label,
  children,
}: {
  intent: string;
  comment: ModeratedComment;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={comment._id} />
      {comment.postedBy._id ? <input type="hidden" name="userId" value={comment.postedBy._id} /> : null}
      <button
        type="submit"
        aria-label={`${label}: comment by ${comment.postedBy.name}`}
        className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100"
      >
        {children}
      </button>
    </Form>
  );
}

function CommentActions({ comment }: { comment: ModeratedComment }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {comment.status !== "approved" ? (
        <RowButton intent="approve" comment={comment} label="Approve">
          <Check aria-hidden="true" className="h-3.5 w-3.5" /> Approve
        </RowButton>
      ) : null}
      {comment.status !== "spam" ? (
        <RowButton intent="spam" comment={comment} label="Spam">
          <ShieldAlert aria-hidden="true" className="h-3.5 w-3.5" /> Spam
        </RowButton>
      ) : null}
      {comment.postedBy._id ? (
        <RowButton
          intent={comment.postedBy.blocked ? "unblock" : "block"}
          comment={comment}
          label={comment.postedBy.blocked ? "Unblock" : "Block"}
        >
          <Ban aria-hidden="true" className="h-3.5 w-3.5" /> {comment.postedBy.blocked ? "Unblock" : "Block"}
        </RowButton>
      ) : null}
      <DeleteAction
        question="Delete this comment?"
        detail={<>The comment by {comment.postedBy.name} is removed for good.</>}
        label={`Delete comment by ${comment.postedBy.name}`}
        fields={{ intent: "delete", id: comment._id }}
      />
    </div>
  );
}

function CommentText({ comment }: { comment: ModeratedComment }) {
  return (
    <div className="min-w-0">
      <p className="whitespace-pre-line break-words text-sm text-gray-800">{comment.text}</p>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer font-semibold text-brand-700">Edit</summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="id" value={comment._id} />
          <Field
            kind="textarea"
            id={`comment-text-${comment._id}`}
            name="text"
            label="Comment text"
            rows={3}
            defaultValue={comment.text}
          />
          <Button type="submit" variant="outline">
            Save comment
          </Button>
        </Form>
      </details>
    </div>
  );
}

export default function CommentsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, comments, counts } = loaderData;
  const timeZone = useSite()?.timeZone ?? "UTC";
  const busy = useNavigation().state === "submitting";
  useResultToast(actionData);

  const columns: Column<ModeratedComment>[] = [
    {
      header: "Select",
      hideHeader: true,
      className: "w-8",
      cell: (row) => (
        <input
          type="checkbox"
          form="bulk-comments"
          name="ids"
          value={row._id}
          aria-label={`Select comment by ${row.postedBy.name}`}
          className="h-4 w-4"
        />
      ),
    },
    { header: "Comment", cell: (row) => <CommentText comment={row} /> },
    {
      header: "Author",
      cell: (row) => (
        <div className="text-sm">
          <p className="font-medium text-ink">{row.postedBy.name}</p>
          {row.postedBy.blocked ? <p className="text-xs font-semibold text-red-700">Blocked</p> : null}
        </div>
      ),
    },
    {
      header: "Post",
      cell: (row) => (
        <Link to={postPath(row.post.slug)} className="text-sm text-brand-700 hover:underline">
          {row.post.title}
        </Link>
      ),
    },
    {
      header: "Status",
      className: "whitespace-nowrap",
      cell: (row) => (
        <div className="text-sm">
          <p>{STATUS_LABELS[row.status]}</p>
          {row.reports > 0 ? (
            <p className="text-xs text-amber-800">
              Reported {row.reports} {row.reports === 1 ? "time" : "times"}
            </p>
          ) : null}
        </div>
      ),
    },
    { header: "Date", className: "whitespace-nowrap text-sm", cell: (row) => formatZonedTime(row.created, timeZone) },
    { header: "Actions", hideHeader: true, className: "text-right", cell: (row) => <CommentActions comment={row} /> },
  ];

  return (
    <>
      <AdminPageHeader title="Comments" description="Approve, hold, edit or remove readers' comments." />
      <nav aria-label="Comment filters" className="mb-4 flex flex-wrap gap-2">
        {(["", ...COMMENT_FILTERS] as const).map((status) => {
          const count = status && counts ? counts[status as keyof ModerationCounts] : null;
          const current = filters.status === status;
          return (
            <Link
              key={status || "all"}
              to={commentsHref({ ...filters, status }, 1)}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-semibold ${current ? "border-brand-600 bg-brand-600 text-white" : "border-gray-300 text-gray-700 hover:bg-gray-50"}`}
            >
              {FILTER_LABELS[status]}
              {count !== null ? ` (${count})` : ""}
            </Link>
          );
        })}
      </nav>
      <AdminPanel
        id="comment-list"
        title={filters.status ? `${FILTER_LABELS[filters.status]} comments` : "All comments"}
        description={`${comments.total} ${comments.total === 1 ? "comment" : "comments"}, newest first`}
      >
        <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="status" value={filters.status} />
          <div className="min-w-[14rem] flex-1">
            <Field
              kind="text"
              id="comment-search"
              name="search"
              label="Search comments"
              placeholder="Part of the text or the commenter's name"
              defaultValue={filters.search}
              key={`search-${filters.search}`}
            />
          </div>
          <Button type="submit" variant="outline" icon={Search}>
            Search
          </Button>
        </Form>
        <Form id="bulk-comments" method="post" className="mb-3 flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="bulk" />
          <span className="text-sm text-gray-700">With the selected:</span>
          <Button type="submit" name="bulkAction" value="approve" variant="outline" busy={busy}>
            Approve selected
          </Button>
          <Button type="submit" name="bulkAction" value="spam" variant="outline" busy={busy}>
            Mark selected as spam
          </Button>
          <Button type="submit" name="bulkAction" value="delete" variant="outline" icon={Trash2} busy={busy}>
            Delete selected
          </Button>
        </Form>
        <DataTable
          caption="Comments"
          minWidthClass="min-w-[56rem]"
          columns={columns}
          rows={comments.items}
          rowKey={(row) => row._id}
          empty={filters.status || filters.search ? "No comment matches." : "No comments yet."}
          emptyIcon={<MessageSquare className="h-8 w-8 text-gray-400" />}
        />
        <Pager
          page={comments.page}
          total={comments.total}
          limit={comments.limit}
          hrefFor={(number) => commentsHref(filters, number)}
        />
      </AdminPanel>
    </>
  );
}
