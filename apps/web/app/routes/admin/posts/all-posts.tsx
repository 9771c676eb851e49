import {
  ADMIN_PAGE_SIZE,
  authorsApi,
  categoriesApi,
  formatZonedTime,
  POST_SORTS,
  POST_STATUSES,
  type PostBulk,
  type PostSort,
  type PostStatus,
  postPath,
  postsApi,
  SUCCESS_MESSAGES,
  shortenText,
} from "@broadsheet/domain";
import { Eye, FileText, Pencil, PenSquare } from "lucide-react";
import { useId, useRef } from "react";
import { data, Form, redirect, useFetcher, useNavigation } from "react-router";
import { AdminPageHeader } from "../../../components/admin/admin-page-header";
import { SearchInput } from "../../../components/search-input";
import {
  Button,
  ButtonLink,
  type Column,
  ConfirmDialog,
  DataTable,
  Field,
  type FieldProps,
  Pager,
  RowActions,
  RowDeleteButton,
  RowLink,
} from "../../../components/ui";
import { callApi, errorMessage } from "../../../lib/api.server";
import type { ActionResult } from "../../../lib/forms/action-result";
import { answer, fail } from "../../../lib/forms/answer.server";
import { formList, formText } from "../../../lib/forms/form-data";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../../lib/paging";
import type { PostSummary } from "../../../lib/post-types";
import { siteNameIn, useSite } from "../../../lib/site";
import type { Route } from "./+types/all-posts";

/*
 * All posts (docs/product.md#5-admin-screens): search, a table of s/n, Title (cut to 16), Category, Views and the
 * view / edit / delete / Publish-Unpublish actions, 6 per page. Staff get drafts too.
 */

const TITLE_CUT = 16;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `All Posts | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

interface Filters {
  search: string;
  status: PostStatus | "";
  category: string;
  author: string;
  tag: string;
  sort: PostSort;
}

const pageHref = (filters: Filters, page: number) =>
  listHref("/admin/all-posts", { ...filters, sort: filters.sort === "latest" ? "" : filters.sort, page });

function filtersOf(params: URLSearchParams): Filters {
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(name) ?? "";
    return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  };
  return {
    search: (params.get("search") ?? "").trim(),
    status: pick("status", ["", ...POST_STATUSES], ""),
    category: (params.get("category") ?? "").trim().slice(0, 100),
    author: (params.get("author") ?? "").trim().slice(0, 200),
    tag: (params.get("tag") ?? "").trim().slice(0, 100),
    sort: pick("sort", POST_SORTS, "latest"),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url.searchParams);
  const page = pageParam(url.searchParams);
  const [result, categories, authors] = await Promise.all([
    callApi(context, postsApi.list, { query: { ...filters, type: "", page, limit: ADMIN_PAGE_SIZE } }),
    callApi(context, categoriesApi.list),
    callApi(context, authorsApi.list),
  ]);
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const { items, total, totalIsEstimate } = result.data;
  // A page emptied by deletes falls back to the last page that still has posts (known only from a counted total).
  const lastPage = Math.ceil(total / ADMIN_PAGE_SIZE);
  if (items.length === 0 && page > 1 && total > 0 && !totalIsEstimate && lastPage < page) {
    throw redirect(pageHref(filters, lastPage));
  }
  return {
    items,
    total,
    page,
    filters,
    categories: categories.ok ? categories.data : [],
    authors: authors.ok ? authors.data : [],
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const params = { id: formText(form, "id") };
  if (intent === "delete") {
    const result = await callApi(context, postsApi.remove, { params });
    return answer(result, { intent, success: SUCCESS_MESSAGES.postDeleted });
  }
  if (intent === "publish") {
    const result = await callApi(context, postsApi.togglePublish, { params });
    return answer(result, { intent });
  }
  if (intent === "bulk") {
    const ids = formList(form, "ids");
    if (ids.length === 0) return fail({ intent, message: "Select the posts first" });
    const action = formText(form, "bulkAction") as PostBulk["action"];
    const category = formText(form, "bulkCategory");
    const result = await callApi(context, postsApi.bulk, {
      body: { ids, action, ...(action === "setCategory" ? { category } : {}) },
    });
    return answer(result, { intent });
  }
  return fail({ intent, message: "Unknown action" });
}

/*
 * The Publish toggle and the Draft badge sit in different cells of a row and share one fetcher
 * (by key): both flip at once while the request runs, and the list's reload then confirms it.
 */
function usePublishToggle(post: PostSummary) {
  const toggle = useFetcher<ActionResult>({ key: `publish-${post._id}` });
  const pending = toggle.formData?.get("next");
  return { toggle, published: typeof pending === "string" ? pending === "true" : post.isPublished };
}

const titleId = (post: PostSummary) => `post-title-${post._id}`;

function TitleCell({ post }: { post: PostSummary }) {
  const { published } = usePublishToggle(post);
  const timeZone = useSite()?.timeZone ?? "UTC";
  return (
    <>
      <span id={titleId(post)} title={post.title} className="font-medium text-ink">
        {shortenText(post.title, TITLE_CUT)}
      </span>
      {!published && post.scheduledAt ? (
        <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-[11px] font-semibold text-blue-900">
          Scheduled {formatZonedTime(post.scheduledAt, timeZone)}
        </span>
      ) : null}
      {!published && !post.scheduledAt ? (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900">
          Draft
        </span>
      ) : null}
    </>
  );
}

function PublishToggle({ post }: { post: PostSummary }) {
  const { toggle, published } = usePublishToggle(post);
  // Success is silent (the row shows it); a refusal is toasted.
  useResultToast(toggle.data);
  return (
    <toggle.Form method="post" className="ml-1">
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="id" value={post._id} />
      <input type="hidden" name="next" value={String(!published)} />
      <button
        type="submit"
        aria-describedby={titleId(post)}
        className={`w-24 rounded-md px-3 py-1.5 text-xs font-semibold transition-colors ${
          published
            ? "border border-gray-300 bg-white text-gray-800 hover:bg-gray-100"
            : "bg-green-700 text-white hover:bg-green-800"
        }`}
      >
        {published ? "Unpublish" : "Publish"}
      </button>
    </toggle.Form>
  );
}

const STATUS_LABELS: Record<PostStatus, string> = { published: "Published", draft: "Draft", scheduled: "Scheduled" };
const SORT_LABELS: Record<PostSort, string> = {
  latest: "Newest first",
  oldest: "Oldest first",
  "a-z": "Title A–Z",
  "z-a": "Title Z–A",
};

/** The list's filters as fields of the search form, each showing what the address asks for. */
function listFilters(
  filters: Filters,
  categories: { name: string; slug: string }[],
  authors: { name: string; slug: string }[],
): FieldProps[] {
  const select = (name: keyof Filters, label: string, options: { value: string; label: string }[]): FieldProps => ({
    kind: "select",
    id: `posts-${name}`,
    name,
    label,
    defaultValue: filters[name],
    options,
  });
  return [
    select("status", "Status", [
      { value: "", label: "Any status" },
      ...POST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    ]),
    select("category", "Category", [
      { value: "", label: "All categories" },
      ...categories.map((category) => ({ value: category.slug, label: category.name })),
    ]),
    select("author", "Author", [
      { value: "", label: "All authors" },
      ...authors.map((author) => ({ value: author.slug, label: author.name })),
    ]),
    // Typed, not chosen: a newsroom has more tags than a list can hold; a name finds its tag as its address does.
    {
      kind: "text",
      id: "posts-tag",
      name: "tag",
      label: "Tag",
      defaultValue: filters.tag,
      placeholder: "Any tag",
      maxLength: 100,
    },
    select(
      "sort",
      "Sort",
      POST_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] })),
    ),
  ];
}

/** The selected rows' actions: one form the rows' checkboxes belong to (form="bulk-posts"). */
function BulkActions({ categories }: { categories: { name: string; slug: string }[] }) {
  const bulk = useFetcher<ActionResult>({ key: "bulk-posts" });
  useResultToast(bulk.data);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const busy = bulk.state !== "idle";
  return (
    <bulk.Form
      id="bulk-posts"
      method="post"
      className="mb-3 flex flex-wrap items-end gap-2"
      aria-label="Selected posts"
    >
      <input type="hidden" name="intent" value="bulk" />
      <span className="self-center text-sm text-gray-700">With the selected:</span>
      <Button type="submit" name="bulkAction" value="publish" variant="outline" busy={busy}>
        Publish selected
      </Button>
      <Button type="submit" name="bulkAction" value="unpublish" variant="outline" busy={busy}>
        Unpublish selected
      </Button>
      <ConfirmDialog
        question="Delete the selected posts?"
        detail="They are removed for good, with their comments and statistics."
        onConfirm={() => {
          deleteButton.current?.click();
          return undefined;
        }}
        trigger={(open) => (
          <Button variant="outline" onClick={open} busy={busy}>
            Delete selected
          </Button>
        )}
      />
      <button ref={deleteButton} type="submit" name="bulkAction" value="delete" hidden tabIndex={-1} />
      <Field
        kind="select"
        id="bulk-category"
        name="bulkCategory"
        label="Category for the selected"
        options={categories.map((category) => ({ value: category.slug, label: category.name }))}
      />
      <Button type="submit" name="bulkAction" value="setCategory" variant="outline" busy={busy}>
        Set category
      </Button>
    </bulk.Form>
  );
}

export default function AllPosts({ loaderData }: Route.ComponentProps) {
  const { items, total, page, filters, categories, authors } = loaderData;
  const { search } = filters;
  const navigation = useNavigation();
  const searchId = useId();
  // Here, not in the row: the row is gone when the answer arrives.
  const remove = useFetcher<ActionResult>({ key: "delete-post" });
  useResultToast(remove.data);
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/admin/all-posts";

  const columns: Column<PostSummary>[] = [
    {
      header: "s/n",
      // The row's checkbox for the bulk actions sits with its number: the table keeps its columns.
      cell: (post, index) => (
        <span className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            form="bulk-posts"
            name="ids"
            value={post._id}
            aria-label={`Select ${post.title}`}
            className="h-4 w-4"
          />
          {(page - 1) * ADMIN_PAGE_SIZE + index + 1}
        </span>
      ),
      className: "tabular-nums text-gray-600",
    },
    { header: "Title", cell: (post) => <TitleCell post={post} /> },
    { header: "Category", cell: (post) => post.category, className: "text-gray-700" },
    { header: "Views", cell: (post) => post.views, className: "tabular-nums text-gray-700" },
    {
      header: "Actions",
      className: "text-right",
      cell: (post) => (
        <RowActions>
          <RowLink to={postPath(post.slug)} label={`View ${post.title}`} title="View" icon={Eye} />
          <RowLink to={`/admin/edit-post/${post._id}`} label={`Edit ${post.title}`} title="Edit" icon={Pencil} />
          <RowDeleteButton
            question="Are you sure to delete this post?"
            detail={<>“{post.title}” will be removed for good.</>}
            label={`Delete ${post.title}`}
            busy={remove.state !== "idle"}
            onDelete={() => remove.submit({ intent: "delete", id: post._id }, { method: "post" })}
          />
          <PublishToggle post={post} />
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <AdminPageHeader
        title="All Posts"
        description={
          <>
            {total} {total === 1 ? "post" : "posts"}
            {search ? ` matching “${search}”` : ""}, drafts included.
          </>
        }
        actions={
          <ButtonLink to="/admin/add-post" size="md" icon={PenSquare}>
            Add Post
          </ButtonLink>
        }
      />

      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <SearchInput
          key={search}
          id={searchId}
          label="Search posts"
          defaultValue={search}
          placeholder="Search by title or category"
          className="block w-full rounded-md border border-gray-300 bg-white py-2 pl-9 pr-3 text-sm shadow-xs placeholder:text-gray-500 focus:border-brand-600"
        />
        {listFilters(filters, categories, authors).map((field) => (
          <Field key={field.id} {...field} />
        ))}
        <Button type="submit" variant="dark" size="md" busy={searching}>
          Search
        </Button>
      </Form>

      <BulkActions categories={categories} />

      <DataTable
        caption={`Posts, page ${page}`}
        minWidthClass="min-w-[40rem]"
        columns={columns}
        rows={items}
        rowKey={(post) => post._id}
        empty="No post found..."
        emptyIcon={<FileText className="h-8 w-8 text-gray-400" />}
      />

      <Pager page={page} total={total} limit={ADMIN_PAGE_SIZE} hrefFor={(number) => pageHref(filters, number)} />
    </div>
  );
}
