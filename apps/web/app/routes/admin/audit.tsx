import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditEvent,
  auditApi,
  formatZonedTime,
  MESSAGES,
} from "@broadsheet/domain";
import { ScrollText } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { PermissionDenied } from "../../components/permission-denied";
import { Button, type Column, DataTable, inputClass, Pager } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { listHref, pageParam } from "../../lib/paging";
import { useSite } from "../../lib/site";
import type { Route } from "./+types/audit";

/* Admin → Audit log (issue 15): who did what and when, filtered by action and actor, paged. */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "Audit log", Boolean(loaderData && !loaderData.denied));

const FAMILIES = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0] as string))];

const auditHref = (action: string, actor: string, page: number) => listHref("/admin/audit", { action, actor, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const action = (url.searchParams.get("action") ?? "").trim().slice(0, 40);
  const actor = (url.searchParams.get("actor") ?? "").trim().slice(0, 200);
  const page = pageParam(url.searchParams);
  const result = await callApi(context, auditApi.list, { query: { action, actor, page, limit: AUDIT_PAGE_SIZE } });
  if (result.status === 401 || result.status === 403) {
    return data({ denied: true as const, action, actor, events: null }, { status: result.status });
  }
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const last = Math.max(1, Math.ceil(result.data.total / result.data.limit));
  if (result.data.items.length === 0 && page > last) throw redirect(auditHref(action, actor, last));
  return { denied: false as const, action, actor, events: result.data };
}

export default function AuditScreen({ loaderData }: Route.ComponentProps) {
  const timeZone = useSite()?.timeZone ?? "UTC";
  if (loaderData.denied || !loaderData.events) return <PermissionDenied message={MESSAGES.adminAuditOnly} />;
  const { action, actor } = loaderData;
  const { items, total, page, limit } = loaderData.events;
  const columns: Column<AuditEvent>[] = [
    { header: "When", cell: (event) => formatZonedTime(event.createdAt, timeZone), className: "whitespace-nowrap" },
    { header: "Action", cell: (event) => <code className="text-xs">{event.action}</code> },
    {
      header: "Who",
      cell: (event) => (
        <>
          <span className="font-medium">{event.actor.name || "Unknown"}</span>
          <span className="block text-xs text-gray-600">{event.actor.email}</span>
        </>
      ),
    },
    {
      header: "What",
      cell: (event) =>
        event.target.type ? (
          <>
            <span className="text-xs uppercase text-gray-600">{event.target.type}</span>{" "}
            <span>{event.target.name || event.target._id}</span>
          </>
        ) : null,
    },
    { header: "From", cell: (event) => <span className="text-xs text-gray-600">{event.clientAddress}</span> },
  ];
  return (
    <>
      <AdminPageHeader title="Audit log" description="Who did what and when. Nobody can change or delete an entry." />
      <AdminPanel
        id="audit-list"
        title="Events"
        description={`${total} ${total === 1 ? "event" : "events"}, newest first`}
        actions={
          <Form method="get" className="flex flex-wrap items-end gap-2">
            {/* Labelled by htmlFor, not wrapped: a wrapping label's text would take in every option's. */}
            <div className="text-sm">
              <label htmlFor="audit-action" className="block font-semibold text-gray-700">
                Action
              </label>
              <select
                id="audit-action"
                name="action"
                defaultValue={action}
                key={action}
                className={`${inputClass} py-1.5`}
              >
                <option value="">All actions</option>
                {FAMILIES.map((family) => (
                  <optgroup key={family} label={family}>
                    <option value={family}>Every {family} action</option>
                    {AUDIT_ACTIONS.filter((name) => name.startsWith(`${family}.`) || name === family).map((name) =>
                      name === family ? null : (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ),
                    )}
                  </optgroup>
                ))}
              </select>
            </div>
            <div className="text-sm">
              <label htmlFor="audit-actor" className="block font-semibold text-gray-700">
                Actor
              </label>
              <input
                id="audit-actor"
                type="search"
                name="actor"
                placeholder="Name or e-mail"
                defaultValue={actor}
                key={actor}
                className={`${inputClass} py-1.5`}
              />
            </div>
            <Button type="submit" variant="outline" size="md">
              Filter
            </Button>
          </Form>
        }
      >
        <DataTable
          caption="Audit events"
          minWidthClass="min-w-[48rem]"
          columns={columns}
          rows={items}
          rowKey={(event) => event._id}
          empty="No event matches."
          emptyIcon={<ScrollText className="h-8 w-8 text-gray-400" />}
        />
        <Pager page={page} total={total} limit={limit} hrefFor={(number) => auditHref(action, actor, number)} />
      </AdminPanel>
    </>
  );
}
