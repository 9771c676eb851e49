import { ADMIN_PAGE_SIZE, advertsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ExternalLink, Megaphone, Pencil, PlusSquare } from "lucide-react";
import { data, redirect, useFetcher } from "react-router";
import { AdminPageHeader } from "../../../components/admin/admin-page-header";
import {
  ButtonLink,
  type Column,
  DataTable,
  Pager,
  RowActions,
  RowDeleteButton,
  RowLink,
} from "../../../components/ui";
import type { Advert } from "../../../lib/admin/admin-content";
import { callApi, errorMessage } from "../../../lib/api.server";
import type { ActionResult } from "../../../lib/forms/action-result";
import { answer } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../../lib/paging";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/all-adverts";

/* All adverts (docs/product.md#5-admin-screens): thumbnail, placement, link, edit, delete; empty 'No adds found...'. */

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `All Adverts | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

const pageHref = (page: number) => listHref("/admin/all-adds", { page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  const result = await callApi(context, advertsApi.list, { query: { page, limit: ADMIN_PAGE_SIZE } });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const { items, total } = result.data;
  if (items.length === 0 && page > 1 && total > 0) throw redirect(pageHref(Math.ceil(total / ADMIN_PAGE_SIZE)));
  return { items, total, page };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await callApi(context, advertsApi.remove, { params: { id: formText(form, "id") } });
  return answer(result, { success: SUCCESS_MESSAGES.advertDeleted });
}

function displayLink(link: string): string {
  return link.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

export default function AllAdverts({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  // Here, not in the row: the row is gone when the answer arrives.
  const remove = useFetcher<ActionResult>({ key: "delete-advert" });
  useResultToast(remove.data);

  const serial = (index: number) => (page - 1) * ADMIN_PAGE_SIZE + index + 1;
  const name = (advert: Advert, index: number) => `${advert.category} advert ${serial(index)}`;
  const columns: Column<Advert>[] = [
    { header: "s/n", cell: (_, index) => serial(index), className: "tabular-nums text-gray-600" },
    {
      header: "Image",
      cell: (advert, index) =>
        advert.image[0] ? (
          <img
            src={advert.image[0]}
            alt={name(advert, index)}
            loading="lazy"
            className="h-12 w-20 rounded border border-gray-200 object-cover"
          />
        ) : (
          <span className="text-gray-500">—</span>
        ),
    },
    {
      header: "Placement",
      cell: (advert) => (
        <span className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-semibold text-gray-800">
          {advert.category}
        </span>
      ),
    },
    {
      header: "Link",
      className: "max-w-[16rem]",
      cell: (advert) =>
        advert.link ? (
          <a
            href={advert.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex max-w-full items-center gap-1 truncate text-brand-700 hover:underline"
          >
            <span className="truncate">{displayLink(advert.link)}</span>
            <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          </a>
        ) : (
          <span className="text-gray-500">No link</span>
        ),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (advert, index) => (
        <RowActions>
          <RowLink
            to={`/admin/edit-add/${advert._id}`}
            label={`Edit ${name(advert, index)}`}
            title="Edit"
            icon={Pencil}
          />
          <RowDeleteButton
            question="Are you sure to delete this adds?"
            detail={<>The {advert.category} advert will be removed for good.</>}
            label={`Delete ${name(advert, index)}`}
            busy={remove.state !== "idle"}
            onDelete={() => remove.submit({ id: advert._id }, { method: "post" })}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <div>
      <AdminPageHeader
        title="All Adverts"
        description={`${total} ${total === 1 ? "advert" : "adverts"}`}
        actions={
          <ButtonLink to="/admin/add-adds" size="md" icon={PlusSquare}>
            Add Advert
          </ButtonLink>
        }
      />
      <DataTable
        caption={`Adverts, page ${page}`}
        minWidthClass="min-w-[36rem]"
        columns={columns}
        rows={items}
        rowKey={(advert) => advert._id}
        empty="No adds found..."
        emptyIcon={<Megaphone className="h-8 w-8 text-gray-400" />}
      />
      <Pager page={page} total={total} limit={ADMIN_PAGE_SIZE} hrefFor={pageHref} />
    </div>
  );
}
