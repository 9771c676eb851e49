import {
  formatZonedTime,
  type NewsletterJson,
  newslettersApi,
  SUBSCRIBER_MESSAGES,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
  type SubscriberImportReport,
  type SubscriberJson,
  type SubscriberStatus,
  subscribersApi,
} from "@broadsheet/domain";
import { Download, Inbox, Search, Upload } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../../components/admin/admin-page-header";
import { CsvImportReport } from "../../../components/admin/csv-import-report";
import { DeleteAction } from "../../../components/admin/delete-action";
import { Button, type Column, DataTable, Field, Pager } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { answerCsvImport, csvUpload } from "../../../lib/admin/csv-upload.server";
import { callApi, errorMessage } from "../../../lib/api.server";
import { apiAction, fail } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../../lib/paging";
import { useSite } from "../../../lib/site";
import type { Route } from "./+types/subscribers";

/*
 * Admin → Subscribers (docs/product/newsletters.md): search and filter the addresses, their
 * counts, import a CSV, export them all, delete one (which erases the address). Works without scripts.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Subscribers");

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending (not confirmed)",
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained (marked as spam)",
};

interface Filters {
  search: string;
  status: string;
  newsletter: string;
}

const subscribersHref = (filters: Filters, page: number) => listHref("/admin/subscribers", { ...filters, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status") ?? "";
  const filters: Filters = {
    search: (params.get("search") ?? "").trim().slice(0, 254),
    status: (SUBSCRIBER_STATUSES as readonly string[]).includes(status) ? status : "",
    newsletter: (params.get("newsletter") ?? "").trim().slice(0, 80),
  };
  const page = pageParam(params);
  const [subscribers, counts, newsletters] = await Promise.all([
    callApi(context, subscribersApi.list, {
      query: { ...filters, status: filters.status as SubscriberStatus | "", page, limit: SUBSCRIBER_PAGE_SIZE },
    }),
    callApi(context, subscribersApi.counts),
    callApi(context, newslettersApi.list),
  ]);
  if (!subscribers.ok) throw data(errorMessage(subscribers), { status: subscribers.status });
  const last = Math.max(1, Math.ceil(subscribers.data.total / subscribers.data.limit));
  if (subscribers.data.items.length === 0 && page > last) throw redirect(subscribersHref(filters, last));
  return {
    filters,
    subscribers: subscribers.data,
    counts: counts.ok ? counts.data : null,
    newsletters: newsletters.ok ? (newsletters.data.items as NewsletterJson[]) : [],
  };
}

/** The CSV file of the import form, sent on to the API as it came, with the confirmation choice. */
async function importCsv(context: Route.ActionArgs["context"], form: FormData) {
  const confirm: Record<string, string> = form.get("confirm") === "on" ? { confirm: "1" } : {};
  const upload = csvUpload(form.get("file"), SUBSCRIBER_MESSAGES.csvRequired, confirm);
  if (!upload.ok) return upload.refused;
  return answerCsvImport(await callApi(context, subscribersApi.importCsv, { form: upload.form }));
}

/** Delete erases the address (and its consent record). */
function deleteSubscriber(context: Route.ActionArgs["context"], id: string) {
  return apiAction(context, "delete", subscribersApi.remove, { params: { id } });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  type Answer = Awaited<ReturnType<typeof importCsv>> | Awaited<ReturnType<typeof deleteSubscriber>>;
  const handlers: Record<string, () => Promise<Answer>> = {
    import: () => importCsv(context, form),
    delete: () => deleteSubscriber(context, formText(form, "id")),
  };
  return handlers[formText(form, "intent")]?.() ?? fail({ message: "Unknown action" });
}

function DeleteSubscriber({ row }: { row: SubscriberJson }) {
  return (
    <DeleteAction
      question="Delete this subscriber?"
      detail={<>{row.email} is erased: it gets no more mail and its consent record goes too.</>}
      label={`Delete subscriber ${row.email}`}
      fields={{ intent: "delete", id: row._id }}
    />
  );
}

export default function SubscribersScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, subscribers, counts, newsletters } = loaderData;
  const timeZone = useSite()?.timeZone ?? "UTC";
  const navigation = useNavigation();
  useResultToast(actionData);
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const report = actionData?.ok && "report" in actionData ? (actionData.report as SubscriberImportReport) : null;
  const nameOf = (slug: string) => newsletters.find((newsletter) => newsletter.slug === slug)?.name ?? slug;

  const columns: Column<SubscriberJson>[] = [
    {
      header: "Address",
      cell: (row) => (
        <div>
          <p className="break-all font-medium text-ink">{row.email}</p>
          {row.name ? <p className="text-xs text-gray-600">{row.name}</p> : null}
        </div>
      ),
    },
    { header: "Status", cell: (row) => STATUS_LABELS[row.status], className: "whitespace-nowrap" },
    { header: "Newsletters", cell: (row) => row.newsletters.map(nameOf).join(", ") || "None" },
    { header: "Source", cell: (row) => row.source },
    { header: "Added", cell: (row) => formatZonedTime(row.createdAt, timeZone), className: "whitespace-nowrap" },
    { header: "Action", hideHeader: true, className: "w-28 text-right", cell: (row) => <DeleteSubscriber row={row} /> },
  ];

  const filtered = Boolean(filters.search || filters.status || filters.newsletter);
  return (
    <>
      <AdminPageHeader
        title="Subscribers"
        description="The addresses that asked for the newsletters, with the proof they asked."
        actions={
          <a
            href={subscribersApi.exportCsv.path}
            download="subscribers.csv"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
        }
      />
      {counts ? (
        <dl aria-label="Subscriber counts" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <div className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-xs text-gray-600">All addresses</dt>
            <dd className="text-xl font-bold tabular-nums">{counts.total}</dd>
          </div>
          {SUBSCRIBER_STATUSES.map((status) => (
            <div key={status} className="rounded-lg border border-gray-200 bg-white p-3">
              <dt className="text-xs text-gray-600">{STATUS_LABELS[status]}</dt>
              <dd className="text-xl font-bold tabular-nums">{counts.byStatus[status] ?? 0}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <AdminPanel
          id="import-subscribers"
          title="Import CSV"
          description="An email column, and optional name and newsletters (slugs) columns."
        >
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="intent" value="import" />
            <Field kind="file" id="subscriber-file" name="file" label="CSV file" accept=".csv,text/csv" required />
            <Field
              kind="checkbox"
              id="subscriber-confirm"
              name="confirm"
              label="Send a confirmation mail instead of subscribing"
              hint="Off: the addresses are subscribed at once, with a note that they were imported. Import only addresses that asked for your mail."
            />
            <Button type="submit" variant="secondary" busy={importing} icon={Upload} className="w-full">
              Import CSV
            </Button>
          </Form>
          {report ? <CsvImportReport report={report} /> : null}
        </AdminPanel>
        <AdminPanel
          id="subscriber-list"
          title="All subscribers"
          description={`${subscribers.total} ${subscribers.total === 1 ? "address" : "addresses"}${filtered ? " match" : ""}, newest first`}
        >
          <Form method="get" role="search" className="mb-4 grid gap-3 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end">
            <Field
              kind="text"
              id="subscriber-search"
              name="search"
              label="Search"
              placeholder="Part of the address or name"
              defaultValue={filters.search}
              key={`search-${filters.search}`}
            />
            <Field
              kind="select"
              id="subscriber-newsletter"
              name="newsletter"
              label="Newsletter"
              defaultValue={filters.newsletter}
              key={`newsletter-${filters.newsletter}`}
              options={[
                { value: "", label: "All newsletters" },
                ...newsletters.map((newsletter) => ({ value: newsletter.slug, label: newsletter.name })),
              ]}
            />
            <Field
              kind="select"
              id="subscriber-status"
              name="status"
              label="Status"
              defaultValue={filters.status}
              key={`status-${filters.status}`}
              options={[
                { value: "", label: "Any status" },
                ...SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
              ]}
            />
            <Button type="submit" variant="outline" icon={Search}>
              Filter
            </Button>
          </Form>
          <DataTable
            caption="Subscribers"
            minWidthClass="min-w-[48rem]"
            columns={columns}
            rows={subscribers.items}
            rowKey={(row) => row._id}
            empty={filtered ? "No subscriber matches." : "No subscribers yet."}
            emptyIcon={<Inbox className="h-8 w-8 text-gray-400" />}
          />
          <Pager
            page={subscribers.page}
            total={subscribers.total}
            limit={subscribers.limit}
            hrefFor={(number) => subscribersHref(filters, number)}
          />
        </AdminPanel>
      </div>
    </>
  );
}
