import {
  ACCOUNT_MESSAGES,
  formatZonedTime,
  IMPORT_MESSAGES,
  type ImportJson,
  type ImportSourceName,
  importsApi,
} from "@broadsheet/domain";
import { FileUp, Play } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, useRevalidator } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { ImportReport } from "../../components/admin/import-report";
import { PermissionDenied } from "../../components/permission-denied";
import { Button, type Column, DataTable, Field } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi } from "../../lib/api.server";
import { errorMessage, fetchEndpoint } from "../../lib/api-client";
import { useSite } from "../../lib/site";
import type { Route } from "./+types/import";

/*
 * Admin → Import (issue 41): upload another site's export, check it (a dry run and its report),
 * start the import, watch its progress. The browser posts the file to /api/imports itself, so a
 * large export streams to the server's disk, and polls the import every second.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "Import", Boolean(loaderData && !loaderData.denied));

const SOURCES: { value: ImportSourceName; label: string; accept: string }[] = [
  { value: "wordpress", label: "WordPress (.xml)", accept: ".xml,text/xml,application/xml" },
  { value: "ghost", label: "Ghost (.json)", accept: ".json,application/json" },
  { value: "broadsheet", label: "Broadsheet export (.tar.gz)", accept: ".tar.gz,.tgz,application/gzip" },
];
const SOURCE_LABEL = Object.fromEntries(SOURCES.map((source) => [source.value, source.label.replace(/ \(.*/, "")]));
const POLL_MS = 1_000;

export async function loader({ context }: Route.LoaderArgs) {
  const result = await callApi(context, importsApi.list);
  if (result.status === 401 || result.status === 403) {
    return data({ denied: true as const, imports: [] }, { status: result.status });
  }
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { denied: false as const, imports: result.data.items };
}

const finished = (entry: ImportJson) => entry.status === "done" || entry.status === "failed";

/** The import on screen, fetched every second until it has finished. */
function useWatchedImport(id: string | null) {
  const [watched, setWatched] = useState<ImportJson | null>(null);
  const [problem, setProblem] = useState("");
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!id) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const poll = async () => {
      const result = await fetchEndpoint(importsApi.get, { params: { id } }).catch(() => null);
      if (cancelled) return;
      if (result?.ok) {
        setWatched(result.data);
        setProblem("");
        if (finished(result.data)) {
          // The recent imports below show the new status.
          void revalidate();
          return;
        }
      } else setProblem(result ? errorMessage(result) : "The server did not answer; trying again…");
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [id, revalidate]);
  return { watched: watched?.id === id ? watched : null, problem };
}

function ImportProgress({ entry }: { entry: ImportJson }) {
  const { done, total } = entry.progress;
  return (
    <div>
      <p className="text-sm font-semibold text-ink">
        {entry.dryRun ? "Checking the file…" : "Importing…"}
        {entry.status === "queued" ? " (waiting for the job queue)" : ""}
      </p>
      <progress
        aria-label="Import progress"
        className="mt-2 h-3 w-full"
        max={Math.max(total, 1)}
        value={total > 0 ? done : undefined}
      />
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {done} of {total} items
      </p>
    </div>
  );
}

function WatchedImport({ entry, onStart, starting }: { entry: ImportJson; onStart: () => void; starting: boolean }) {
  if (!finished(entry)) return <ImportProgress entry={entry} />;
  if (entry.status === "failed") {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {entry.dryRun ? "Check failed" : "Import failed"}: {entry.error}
      </p>
    );
  }
  return (
    <div>
      <p role="status" className="mb-3 font-semibold text-ink">
        {entry.dryRun ? "Check finished: nothing was written yet." : "Import finished"}
      </p>
      {entry.report ? <ImportReport report={entry.report} /> : null}
      {entry.dryRun ? (
        <Button className="mt-4" icon={Play} busy={starting} onClick={onStart}>
          Start import
        </Button>
      ) : null}
    </div>
  );
}

export default function ImportScreen({ loaderData }: Route.ComponentProps) {
  const timeZone = useSite()?.timeZone ?? "UTC";
  const [source, setSource] = useState<ImportSourceName>("wordpress");
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const [busy, setBusy] = useState<"upload" | "start" | null>(null);
  const [formError, setFormError] = useState("");
  const [startError, setStartError] = useState("");
  const { watched, problem } = useWatchedImport(watchedId);

  if (loaderData.denied) return <PermissionDenied message={ACCOUNT_MESSAGES.adminOnly} />;

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("file");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!file) {
      setFormError(IMPORT_MESSAGES.fileRequired);
      return;
    }
    const form = new FormData();
    form.set("source", source);
    form.set("dryRun", "true");
    form.set("file", file, file.name);
    setFormError("");
    setBusy("upload");
    const result = await fetchEndpoint(importsApi.create, { form }).catch(() => null);
    setBusy(null);
    if (result?.ok) setWatchedId(result.data.id);
    else setFormError(result ? errorMessage(result) : IMPORT_MESSAGES.malformedUpload);
  };

  const show = (id: string) => {
    setStartError("");
    setWatchedId(id);
  };

  const start = async () => {
    if (!watchedId) return;
    setBusy("start");
    setStartError("");
    const result = await fetchEndpoint(importsApi.start, { params: { id: watchedId } }).catch(() => null);
    setBusy(null);
    if (result?.ok) setWatchedId(result.data.id);
    else setStartError(result ? errorMessage(result) : "The server did not answer. Please try again.");
  };

  const accept = SOURCES.find((entry) => entry.value === source)?.accept;
  const columns: Column<ImportJson>[] = [
    { header: "When", cell: (entry) => formatZonedTime(entry.createdAt, timeZone), className: "whitespace-nowrap" },
    { header: "File", cell: (entry) => <span className="break-all">{entry.fileName}</span> },
    { header: "Source", cell: (entry) => SOURCE_LABEL[entry.source] },
    { header: "Run", cell: (entry) => (entry.dryRun ? "Check" : "Import") },
    { header: "Status", cell: (entry) => (entry.status === "failed" ? `failed: ${entry.error}` : entry.status) },
    {
      header: "Items",
      cell: (entry) => `${entry.progress.done} of ${entry.progress.total}`,
      className: "whitespace-nowrap tabular-nums",
    },
    {
      header: "Report",
      hideHeader: true,
      cell: (entry) => (
        <Button variant="link" onClick={() => show(entry.id)} aria-label={`Show ${entry.fileName}`}>
          Show
        </Button>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Import"
        description="Move a WordPress or Ghost site (or a Broadsheet export) in: check the file first, then import it."
      />
      <div className="grid gap-6">
        <AdminPanel id="import-upload" title="Check a file" description="Up to 2 GB. Checking writes nothing.">
          <form onSubmit={check} className="grid max-w-xl gap-4" encType="multipart/form-data">
            <Field
              id="import-source"
              name="source"
              kind="select"
              label="Source"
              options={SOURCES}
              value={source}
              onChange={(event) => setSource(event.target.value as ImportSourceName)}
            />
            <Field
              id="import-file"
              name="file"
              kind="file"
              label="Export file"
              accept={accept}
              invalid={Boolean(formError)}
            />
            {formError ? (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            ) : null}
            <div>
              <Button type="submit" icon={FileUp} busy={busy === "upload"}>
                Check file
              </Button>
            </div>
          </form>
        </AdminPanel>

        {watchedId ? (
          <AdminPanel
            id="import-current"
            title={watched ? `${watched.dryRun ? "Check" : "Import"} of ${watched.fileName}` : "Import"}
          >
            {watched ? (
              <WatchedImport entry={watched} onStart={start} starting={busy === "start"} />
            ) : (
              <p className="text-sm text-gray-600">Loading…</p>
            )}
            {problem || startError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {startError || problem}
              </p>
            ) : null}
          </AdminPanel>
        ) : null}

        <AdminPanel id="import-recent" title="Recent imports">
          <DataTable
            caption="Recent imports"
            minWidthClass="min-w-[40rem]"
            columns={columns}
            rows={loaderData.imports}
            rowKey={(entry) => entry.id}
            empty="No import yet."
            emptyIcon={<FileUp className="h-8 w-8 text-gray-400" />}
          />
        </AdminPanel>
      </div>
    </>
  );
}
