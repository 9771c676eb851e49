import { ADMIN_PAGE_SIZE, MESSAGES, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ExternalLink, Pencil, PlusSquare, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { Pager } from "../../components/admin/pager";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useToast } from "../../components/toaster";
import type { Advert } from "../../lib/admin-content";
import { callApi, errorMessage } from "../../lib/api.server";
import type { Page } from "../../lib/post-types";
import type { Route } from "./+types/all-adds";

/* All adverts (SPEC.md §2): thumbnail, placement, link, edit and delete; empty 'No adds found...'. */

export const meta: Route.MetaFunction = () => [
  { title: "All Adverts | Admin | Broadsheet" },
  { name: "robots", content: "noindex" },
];

function listHref(page: number): string {
  return page > 1 ? `/admin/all-adds?page=${page}` : "/admin/all-adds";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const requested = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "", 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const result = await callApi<Page<Advert>>(context, `/api/adverts?page=${page}&limit=${ADMIN_PAGE_SIZE}`);
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const { items, total } = result.data;
  if (items.length === 0 && page > 1 && total > 0) throw redirect(listHref(Math.ceil(total / ADMIN_PAGE_SIZE)));
  return { items, total, page };
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const id = encodeURIComponent(String(form.get("id") ?? ""));
  const result = await callApi<{ message?: string }>(context, `/api/adverts/${id}`, { method: "DELETE" });
  if (!result.ok) return data<ActionResult>({ ok: false, message: errorMessage(result) }, result.status);
  return data<ActionResult>({ ok: true, message: SUCCESS_MESSAGES.advertDeleted });
}

const iconButtonClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 transition-colors hover:bg-gray-100 hover:text-ink";

function displayLink(link: string): string {
  return link.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

export default function AllAdverts({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  const toast = useToast();
  const remove = useFetcher<typeof action>({ key: "delete-advert" });
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    const result = remove.data;
    if (!result || handled.current === result || remove.state !== "idle") return;
    handled.current = result;
    if (result.ok) toast.success(SUCCESS_MESSAGES.advertDeleted);
    else toast.error(result.message || MESSAGES.internalError);
  }, [remove.data, remove.state, toast]);

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-ink">All Adverts</h1>
          <p className="mt-1 text-sm text-gray-600">
            {total} {total === 1 ? "advert" : "adverts"}
          </p>
        </div>
        <Link
          to="/admin/add-adds"
          className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <PlusSquare aria-hidden="true" className="h-4 w-4" />
          Add Advert
        </Link>
      </header>

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-10 text-center text-gray-600">
          No adds found...
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-xs">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Adverts, page {page}</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  s/n
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Image
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Placement
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Link
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {items.map((advert, index) => {
                const serial = (page - 1) * ADMIN_PAGE_SIZE + index + 1;
                const name = `${advert.category} advert ${serial}`;
                return (
                  <tr key={advert._id} className="hover:bg-gray-50/70">
                    <td className="px-4 py-3 tabular-nums text-gray-600">{serial}</td>
                    <td className="px-4 py-2">
                      {advert.image[0] ? (
                        <img
                          src={advert.image[0]}
                          alt={name}
                          loading="lazy"
                          className="h-12 w-20 rounded border border-gray-200 object-cover"
                        />
                      ) : (
                        <span className="text-gray-500">—</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <span className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-semibold text-gray-800">
                        {advert.category}
                      </span>
                    </td>
                    <td className="max-w-[16rem] px-4 py-3">
                      {advert.link ? (
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
                      )}
                    </td>
                    <td className="px-4 py-2">
                      <div className="flex items-center justify-end gap-1">
                        <Link
                          to={`/admin/edit-add/${advert._id}`}
                          aria-label={`Edit ${name}`}
                          title="Edit"
                          className={iconButtonClass}
                        >
                          <Pencil aria-hidden="true" className="h-4 w-4" />
                        </Link>
                        <ConfirmDialog
                          question="Are you sure to delete this adds?"
                          detail={<>The {advert.category} advert will be removed for good.</>}
                          busy={remove.state !== "idle"}
                          onConfirm={async () => {
                            await remove.submit({ id: advert._id }, { method: "post" });
                            return undefined;
                          }}
                          trigger={(open) => (
                            <button
                              type="button"
                              onClick={open}
                              aria-label={`Delete ${name}`}
                              title="Delete"
                              className={`${iconButtonClass} hover:bg-red-50 hover:text-red-700`}
                            >
                              <Trash2 aria-hidden="true" className="h-4 w-4" />
                            </button>
                          )}
                        />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pager page={page} total={total} limit={ADMIN_PAGE_SIZE} hrefFor={listHref} />
    </div>
  );
}
