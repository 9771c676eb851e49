import type { ImportReportJson } from "@broadsheet/domain";
import { type Column, DataTable } from "../ui";

/* What an import did (or, checked, would do): counts per kind, the mapping, missing images, warnings. */

type CountRow = { kind: string; created: number; updated: number; unchanged: number; skipped: number };

const COUNT_COLUMNS: Column<CountRow>[] = [
  // Kinds are table names and WordPress's own post types ("nav_menu_item"): read as words.
  { header: "Kind", cell: (row) => <span className="font-medium capitalize">{row.kind.replaceAll("_", " ")}</span> },
  { header: "Created", cell: (row) => row.created, className: "text-right tabular-nums" },
  { header: "Updated", cell: (row) => row.updated, className: "text-right tabular-nums" },
  { header: "Unchanged", cell: (row) => row.unchanged, className: "text-right tabular-nums" },
  { header: "Skipped", cell: (row) => row.skipped, className: "text-right tabular-nums" },
];

function ReportList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <details className="mt-4 rounded-md border border-gray-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-ink">
        {title} ({items.length})
      </summary>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-auto break-words pl-5 text-sm text-gray-700">
        {items.map((item, index) => (
          // Lines may repeat (two posts with the same warning): the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index}>{item}</li>
        ))}
      </ul>
    </details>
  );
}

export function ImportReport({ report }: { report: ImportReportJson }) {
  const counts = Object.entries(report.counts).map(([kind, count]) => ({ kind, ...count }));
  const { images } = report;
  return (
    <div>
      {report.site ? <p className="mb-3 text-sm text-gray-600">From {report.site}</p> : null}
      <DataTable
        caption={report.dryRun ? "What the import would do" : "What the import did"}
        columns={COUNT_COLUMNS}
        rows={counts}
        rowKey={(row) => row.kind}
        empty="Nothing to import."
      />
      <p className="mt-3 text-sm text-gray-700">
        Images: {images.fetched} fetched, {images.fromMediaDir} from the media folder, {images.missing} missing
      </p>
      <ReportList title="Missing images" items={images.missingUrls} />
      <ReportList title="Mapping" items={report.mapped.map((entry) => `${entry.kind} ${entry.from} → ${entry.to}`)} />
      <ReportList
        title="Skipped"
        items={report.skipped.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.reason}`)}
      />
      <ReportList title="Warnings" items={report.warnings} />
    </div>
  );
}
