import {
  formatLongDate,
  PAGE_MESSAGES,
  PAGE_STATUSES,
  type PageStatus,
  pagesApi,
  type SitePageSummary,
} from "@broadsheet/domain";
import { Eye, FilePlus, FileText, Pencil } from "lucide-react";
import { useId } from "react";
import { data, Form, redirect, useFetcher } from "react-router";
import { AdminPageHeader } from "../../../components/admin/admin-page-header";
import {
  Button,
  ButtonLink,
  type Column,
  DataTable,
  Field,
  Pager,
  RowActions,
  RowDeleteButton,
  RowLink,
} from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../../lib/api.server";
import type { ActionResult } from "../../../lib/forms/action-result";
import { apiAction, fail } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../../lib/paging";
import type { Route } from "./+types/all-pages";

/* Admin → Pages (docs/product/pages.md): every page with its slug, status, parent and last change. */

const PAGES_PER_SCREEN = 20;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Pages");

const STATUS_LABELS: Record<PageStatus, string> = { all: "All pages", published: "Published", draft: "Drafts" };

const statusOf = (raw: string | null): PageStatus => PAGE_STATUSES.find((status) => status === raw) ?? "all";

const pageHref = (status: PageStatus, page: number) =>
  listHref("/admin/pages", { status: status === "all" ? "" : status, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = statusOf(url.searchParams.get("status"));
  const page = pageParam(url.searchParams);
  const result = await callApi(context, pagesApi.list, { query: { status, page, limit: PAGES_PER_SCREEN } });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const { items, total } = result.data;
  // A page emptied by deletes falls back to the last page that still has rows.
  if (items.length === 0 && page > 1 && total > 0)
    throw redirect(pageHref(status, Math.ceil(total / PAGES_PER_SCREEN)));
  return { items, total, page, status };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (formText(form, "intent") !== "delete") return fail({ message: "Unknown action" });
  const id = formText(form, "id");
  return apiAction(context, "delete", pagesApi.remove, { params: { id } }, { success: PAGE_MESSAGES.pageDeleted });
}

function StatusBadge({ page }: { page: SitePageSummary }) {
  return page.isPublished ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Published</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>
  );
}

export default function AllPages({ loaderData }: Route.ComponentProps) {
  const { items, total, page, status } = loaderData;
  const statusId = useId();
  // Here, not in the row: the row is gone when the answer arrives.
  const remove = useFetcher<ActionResult>({ key: "delete-page" });
  useResultToast(remove.data);

  const columns: Column<SitePageSummary>[] = [
    { header: "Title", cell: (row) => <span className="font-medium text-ink">{row.title}</span> },
    { header: "Slug", cell: (row) => <code className="text-sm text-gray-700">{row.path}</code> },
    { header: "Status", cell: (row) => <StatusBadge page={row} /> },
    { header: "Parent", cell: (row) => row.parentTitle ?? "—", className: "text-gray-700" },
    { header: "Updated", cell: (row) => formatLongDate(row.updatedAt), className: "text-gray-700" },
    {
      header: "Actions",
      className: "text-right",
      cell: (row) => (
        <RowActions>
          <RowLink to={row.path} label={`View ${row.title}`} title="View" icon={Eye} />
          <RowLink to={`/admin/edit-page/${row._id}`} label={`Edit ${row.title}`} title="Edit" icon={Pencil} />
          <RowDeleteButton
            busy={remove.state !== "idle"}
            onDelete={() => remove.submit({ intent: "delete", id: row._id }, { method: "post" })}
            label={`Delete ${row.title}`}
            question="Are you sure to delete this page?"
            detail={<>“{row.title}” will be removed for good; its subpages stay, without a parent.</>}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <AdminPageHeader
        title="Pages"
        description={
          <>
            {total} {total === 1 ? "page" : "pages"}, served at /slug.
          </>
        }
        actions={
          <ButtonLink to="/admin/add-page" size="md" icon={FilePlus}>
            Add Page
          </ButtonLink>
        }
      />

      <Form method="get" className="mb-4 flex max-w-md items-end gap-2">
        <Field
          kind="select"
          id={statusId}
          name="status"
          label="Show"
          defaultValue={status}
          boxClassName="grow"
          options={PAGE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
        <Button type="submit" variant="dark" size="md">
          Filter
        </Button>
      </Form>

      <DataTable
        caption={`Pages, page ${page}`}
        minWidthClass="min-w-[44rem]"
        columns={columns}
        rows={items}
        rowKey={(row) => row._id}
        empty="No page yet."
        emptyIcon={<FileText className="h-8 w-8 text-gray-400" />}
      />

      <Pager page={page} total={total} limit={PAGES_PER_SCREEN} hrefFor={(number) => pageHref(status, number)} />
    </div>
  );
}
