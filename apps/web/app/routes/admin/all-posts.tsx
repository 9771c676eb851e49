import { ADMIN_PAGE_SIZE, MESSAGES, SUCCESS_MESSAGES, shortenText } from "@broadsheet/domain";
import { Eye, LoaderCircle, Pencil, PenSquare, Search, Trash2 } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { Pager } from "../../components/admin/pager";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useToast } from "../../components/toaster";
import { callApi, errorMessage } from "../../lib/api.server";
import { type Page, type PostSummary, postPath } from "../../lib/post-types";
import type { Route } from "./+types/all-posts";

/*
 * All posts (SPEC.md §2): search, a table of s/n, Title (cut to 16), Category, Views and the
 * view / edit / delete / Publish-Unpublish actions, 6 per page. Staff get drafts too.
 */

const TITLE_CUT = 16;

export const meta: Route.MetaFunction = () => [
  { title: "All Posts | Admin | Broadsheet" },
  { name: "robots", content: "noindex" },
];

function positivePage(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

function listHref(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/all-posts${query ? `?${query}` : ""}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim();
  const page = positivePage(url.searchParams.get("page"));
  const query = new URLSearchParams({ search, page: String(page), limit: String(ADMIN_PAGE_SIZE) });
  const result = await callApi<Page<PostSummary>>(context, `/api/posts?${query}`);
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const { items, total } = result.data;
  // A page emptied by deletes falls back to the last page that still has posts.
  if (items.length === 0 && page > 1 && total > 0) {
    throw redirect(listHref(search, Math.ceil(total / ADMIN_PAGE_SIZE)));
  }
  return { items, total, page, search };
}

type ActionResult =
  | { intent: "delete"; ok: true; message: string }
  | { intent: "publish"; ok: true; id: string; isPublished: boolean }
  | { intent: string; ok: false; message: string };

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = encodeURIComponent(String(form.get("id") ?? ""));
  if (intent === "delete") {
    const result = await callApi<{ message?: string }>(context, `/api/posts/${id}`, { method: "DELETE" });
    if (!result.ok) return data<ActionResult>({ intent, ok: false, message: errorMessage(result) }, result.status);
    return data<ActionResult>({ intent, ok: true, message: SUCCESS_MESSAGES.postDeleted });
  }
  if (intent === "publish") {
    const result = await callApi<{ _id: string; isPublished: boolean }>(context, `/api/posts/${id}/publish`, {
      method: "PATCH",
    });
    if (!result.ok) return data<ActionResult>({ intent, ok: false, message: errorMessage(result) }, result.status);
    return data<ActionResult>({ intent, ok: true, id: result.data._id, isPublished: result.data.isPublished });
  }
  return data<ActionResult>({ intent, ok: false, message: "Unknown action" }, 400);
}

const iconLinkClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 transition-colors hover:bg-gray-100 hover:text-ink";

export default function AllPosts({ loaderData }: Route.ComponentProps) {
  const { items, total, page, search } = loaderData;
  const toast = useToast();
  const navigation = useNavigation();
  const searchId = useId();
  const remove = useFetcher<typeof action>({ key: "delete-post" });
  const handled = useRef<unknown>(undefined);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/all-posts";

  // The delete fetcher lives here, not in the row: the row is gone when its answer arrives.
  useEffect(() => {
    const result = remove.data;
    if (!result || handled.current === result || remove.state !== "idle") return;
    handled.current = result;
    if (result.ok) toast.success(SUCCESS_MESSAGES.postDeleted);
    else toast.error("message" in result ? result.message : MESSAGES.internalError);
  }, [remove.data, remove.state, toast]);

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-ink">All Posts</h1>
          <p className="mt-1 text-sm text-gray-600">
            {total} {total === 1 ? "post" : "posts"}
            {search ? ` matching “${search}”` : ""}, drafts included.
          </p>
        </div>
        <Link
          to="/admin/add-post"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <PenSquare aria-hidden="true" className="h-4 w-4" />
          Add Post
        </Link>
      </header>

      <Form method="get" role="search" className="mb-4 flex max-w-xl gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search posts
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
          />
          <input
            id={searchId}
            key={search}
            type="search"
            name="search"
            defaultValue={search}
            placeholder="Search by title or category"
            className="block w-full rounded-md border border-gray-300 bg-white py-2 pl-9 pr-3 text-sm shadow-xs placeholder:text-gray-500 focus:border-brand-600"
          />
        </div>
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-gray-800"
        >
          {searching ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          Search
        </button>
      </Form>

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-10 text-center text-gray-600">
          No post found...
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-xs">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Posts, page {page}</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  s/n
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Title
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Category
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Views
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {items.map((post, index) => (
                <PostRow
                  key={post._id}
                  post={post}
                  serial={(page - 1) * ADMIN_PAGE_SIZE + index + 1}
                  onDelete={() => remove.submit({ intent: "delete", id: post._id }, { method: "post" })}
                  deleting={remove.state !== "idle"}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager page={page} total={total} limit={ADMIN_PAGE_SIZE} hrefFor={(number) => listHref(search, number)} />
    </div>
  );
}

function PostRow({
  post,
  serial,
  onDelete,
  deleting,
}: {
  post: PostSummary;
  serial: number;
  onDelete: () => Promise<void>;
  deleting: boolean;
}) {
  const toggle = useFetcher<typeof action>();
  const toast = useToast();
  const titleId = useId();
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    const result = toggle.data;
    if (!result || handled.current === result || toggle.state !== "idle") return;
    handled.current = result;
    if (!result.ok) toast.error("message" in result ? result.message : MESSAGES.internalError);
  }, [toggle.data, toggle.state, toast]);

  // Flips at once while the request runs; the list's reload then confirms it.
  const pending = toggle.formData?.get("next");
  const published = typeof pending === "string" ? pending === "true" : post.isPublished;

  return (
    <tr className="hover:bg-gray-50/70">
      <td className="px-4 py-3 tabular-nums text-gray-600">{serial}</td>
      <td className="px-4 py-3">
        <span id={titleId} title={post.title} className="font-medium text-ink">
          {shortenText(post.title, TITLE_CUT)}
        </span>
        {!published ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900">
            Draft
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3 text-gray-700">{post.category}</td>
      <td className="px-4 py-3 tabular-nums text-gray-700">{post.views}</td>
      <td className="px-4 py-2">
        <div className="flex items-center justify-end gap-1">
          <Link to={postPath(post)} aria-label={`View ${post.title}`} title="View" className={iconLinkClass}>
            <Eye aria-hidden="true" className="h-4 w-4" />
          </Link>
          <Link
            to={`/admin/edit-post/${post._id}`}
            aria-label={`Edit ${post.title}`}
            title="Edit"
            className={iconLinkClass}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </Link>
          <ConfirmDialog
            question="Are you sure to delete this post?"
            detail={<>“{post.title}” will be removed for good.</>}
            busy={deleting}
            onConfirm={async () => {
              await onDelete();
              return undefined;
            }}
            trigger={(open) => (
              <button
                type="button"
                onClick={open}
                aria-label={`Delete ${post.title}`}
                title="Delete"
                className={`${iconLinkClass} hover:bg-red-50 hover:text-red-700`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </button>
            )}
          />
          <toggle.Form method="post" className="ml-1">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="id" value={post._id} />
            <input type="hidden" name="next" value={String(!published)} />
            <button
              type="submit"
              aria-describedby={titleId}
              className={`w-24 rounded-md px-3 py-1.5 text-xs font-semibold transition-colors ${
                published
                  ? "border border-gray-300 bg-white text-gray-800 hover:bg-gray-100"
                  : "bg-green-700 text-white hover:bg-green-800"
              }`}
            >
              {published ? "Unpublish" : "Publish"}
            </button>
          </toggle.Form>
        </div>
      </td>
    </tr>
  );
}
