import {
  formatZonedTime,
  MESSAGES,
  REDIRECT_MESSAGES,
  REDIRECT_PAGE_SIZE,
  RedirectInputSchema,
  type RedirectJson,
  redirectsApi,
} from "@broadsheet/domain";
import { Download, Route as RouteIcon, Upload } from "lucide-react";
import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { type CsvImportCounts, CsvImportReport } from "../../components/admin/csv-import-report";
import { DeleteAction } from "../../components/admin/delete-action";
import { IdempotencyKeyField } from "../../components/admin/editor-safety/idempotency-key-field";
import { PermissionDenied } from "../../components/permission-denied";
import { Button, CheckedForm, type Column, DataTable, Field, inputClass, Pager } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { answerCsvImport, csvUpload } from "../../lib/admin/csv-upload.server";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction, refuse } from "../../lib/forms/answer.server";
import { check } from "../../lib/forms/check";
import { formText, formTexts } from "../../lib/forms/form-data";
import { idempotencyHeaders } from "../../lib/forms/idempotency.server";
import { useFormCheck } from "../../lib/forms/use-form-check";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../lib/paging";
import { useSite } from "../../lib/site";
import type { Route } from "./+types/redirects";

/* Admin → Redirects (issue 41, docs/product/redirects.md): old addresses and where they lead. Admins only. */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "Redirects", Boolean(loaderData && !loaderData.denied));

const redirectsHref = (search: string, page: number) => listHref("/admin/redirects", { search, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const page = pageParam(url.searchParams);
  const result = await callApi(context, redirectsApi.list, { query: { search, page, limit: REDIRECT_PAGE_SIZE } });
  if (result.status === 401 || result.status === 403) {
    return data({ denied: true as const, search, redirects: null }, { status: result.status });
  }
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const last = Math.max(1, Math.ceil(result.data.total / result.data.limit));
  if (result.data.items.length === 0 && page > last) throw redirect(redirectsHref(search, last));
  return { denied: false as const, search, redirects: result.data };
}

const FIELDS = ["from", "to", "status"] as const;

function checkRedirect(form: FormData) {
  return check(RedirectInputSchema, formTexts(form, [...FIELDS]), REDIRECT_MESSAGES.fromInvalid);
}

/** The CSV file of the import form, sent on to the API as it came. */
async function importCsv(context: Route.ActionArgs["context"], file: FormDataEntryValue | null) {
  const upload = csvUpload(file, REDIRECT_MESSAGES.csvRequired);
  if (!upload.ok) return upload.refused;
  return answerCsvImport(await callApi(context, redirectsApi.importCsv, { form: upload.form }));
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  switch (formText(form, "intent")) {
    case "import":
      return importCsv(context, form.get("file"));
    case "delete":
      return apiAction(context, "delete", redirectsApi.remove, { params: { id: formText(form, "id") } });
    default: {
      const values = formTexts(form, [...FIELDS]);
      const checked = checkRedirect(form);
      if (!checked.ok) return refuse(checked, { intent: "create", values });
      const body = { body: checked.value, ...idempotencyHeaders(form) };
      return apiAction(context, "create", redirectsApi.create, body, { success: "Redirect added", values });
    }
  }
}

export default function RedirectsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useSite()?.timeZone ?? "UTC";
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormCheck(checkRedirect, actionData?.intent === "create" ? actionData : null);
  useResultToast(actionData, () => {
    if (actionData?.intent === "create") formRef.current?.reset();
  });
  if (loaderData.denied || !loaderData.redirects) return <PermissionDenied message={MESSAGES.permissionDenied} />;
  const { search } = loaderData;
  const { items, total, page, limit } = loaderData.redirects;
  const busyWith = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const typed = actionData && !actionData.ok && actionData.intent === "create" ? actionData.values : undefined;
  const report = actionData?.ok && "report" in actionData ? (actionData.report as CsvImportCounts) : null;

  const columns: Column<RedirectJson>[] = [
    { header: "From", cell: (row) => <code className="break-all text-xs">{row.from}</code> },
    { header: "To", cell: (row) => <code className="break-all text-xs">{row.to}</code> },
    { header: "Status", cell: (row) => row.status, className: "w-16" },
    { header: "Origin", cell: (row) => row.origin, className: "whitespace-nowrap" },
    { header: "Created", cell: (row) => formatZonedTime(row.createdAt, timeZone), className: "whitespace-nowrap" },
    {
      header: "Action",
      hideHeader: true,
      className: "w-28 text-right",
      cell: (row) => (
        <DeleteAction
          question="Are you sure to delete this redirect?"
          detail={
            <>
              {row.from} will no longer lead to {row.to}.
            </>
          }
          label={`Delete redirect from ${row.from}`}
          fields={{ intent: "delete", id: row._id }}
        />
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Redirects"
        description="Old addresses and where they lead now. A post's changed slug adds one by itself."
        actions={
          <a
            href={redirectsApi.exportCsv.path}
            download="redirects.csv"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="space-y-6">
          <AdminPanel id="new-redirect" title="Add redirect">
            <CheckedForm ref={formRef} check={form} errorId="redirect-error" className="space-y-4">
              <input type="hidden" name="intent" value="create" />
              <IdempotencyKeyField />
              <Field
                kind="text"
                id="redirect-from"
                name="from"
                label="From"
                autoComplete="off"
                placeholder="/old-address"
                defaultValue={typed?.from ?? ""}
                invalid={form.invalid("from")}
                hint="An address of this site, starting with /."
              />
              <Field
                kind="text"
                id="redirect-to"
                name="to"
                label="To"
                autoComplete="off"
                placeholder="/page/new-address or https://…"
                defaultValue={typed?.to ?? ""}
                invalid={form.invalid("to")}
              />
              <Field
                kind="select"
                id="redirect-status"
                name="status"
                label="Type"
                defaultValue={typed?.status ?? "301"}
                options={[
                  { value: "301", label: "301 (permanent)" },
                  { value: "302", label: "302 (temporary)" },
                ]}
              />
              <Button type="submit" busy={busyWith("create")} icon={RouteIcon} className="w-full">
                Add redirect
              </Button>
            </CheckedForm>
          </AdminPanel>
          <AdminPanel
            id="import-redirects"
            title="Import CSV"
            description="Lines from,to[,status]; a header row is optional."
          >
            <Form method="post" encType="multipart/form-data" className="space-y-4">
              <input type="hidden" name="intent" value="import" />
              <Field kind="file" id="redirect-file" name="file" label="CSV file" accept=".csv,text/csv" required />
              <Button type="submit" variant="secondary" busy={busyWith("import")} icon={Upload} className="w-full">
                Import CSV
              </Button>
            </Form>
            {report ? <CsvImportReport report={report} /> : null}
          </AdminPanel>
        </div>
        <AdminPanel
          id="redirect-list"
          title="All redirects"
          description={`${total} ${total === 1 ? "redirect" : "redirects"}, newest first`}
          actions={
            <Form method="get" className="flex items-end gap-2">
              <div className="text-sm">
                <label htmlFor="redirect-search" className="block font-semibold text-gray-700">
                  Search
                </label>
                <input
                  id="redirect-search"
                  type="search"
                  name="search"
                  placeholder="Part of an address"
                  defaultValue={search}
                  key={search}
                  className={`${inputClass} py-1.5`}
                />
              </div>
              <Button type="submit" variant="outline" size="md">
                Search
              </Button>
            </Form>
          }
        >
          <DataTable
            caption="Redirects"
            minWidthClass="min-w-[48rem]"
            columns={columns}
            rows={items}
            rowKey={(row) => row._id}
            empty={search ? "No redirect matches." : "No redirects yet."}
            emptyIcon={<RouteIcon className="h-8 w-8 text-gray-400" />}
          />
          <Pager page={page} total={total} limit={limit} hrefFor={(number) => redirectsHref(search, number)} />
        </AdminPanel>
      </div>
    </>
  );
}
