import type { ImportCounts, ImportReport, ImportSource } from "./model";

/** The report lists keep their first entries; the counts hold the rest. */
export const REPORT_LIST_LIMIT = 500;

export type CountOutcome = keyof ImportCounts;

/** The report of one run, filled in as the writer goes. */
export function createReportBuilder(source: ImportSource, dryRun: boolean) {
  const report: ImportReport = {
    source,
    site: "",
    dryRun,
    counts: {},
    skipped: [],
    mapped: [],
    images: { fetched: 0, fromMediaDir: 0, missing: 0, missingUrls: [] },
    warnings: [],
  };
  const push = <T>(list: T[], item: T) => {
    if (list.length < REPORT_LIST_LIMIT) list.push(item);
  };
  return {
    report,
    count(kind: string, outcome: CountOutcome, by = 1) {
      report.counts[kind] ??= { created: 0, updated: 0, unchanged: 0, skipped: 0 };
      report.counts[kind][outcome] += by;
    },
    skip(kind: string, sourceId: string, reason: string) {
      this.count(kind, "skipped");
      push(report.skipped, { kind, sourceId, reason });
    },
    mapped(kind: string, from: string, to: string) {
      push(report.mapped, { kind, from, to });
    },
    warn(warning: string) {
      push(report.warnings, warning);
    },
    missingImage(url: string) {
      report.images.missing++;
      push(report.images.missingUrls, url);
    },
  };
}

export type ReportBuilder = ReturnType<typeof createReportBuilder>;

/** Skips of one kind for one reason on one line: "nav_menu_item: a menu item × 70 (1100, 1101, 1112, …)". */
function skippedLines(skipped: ImportReport["skipped"]): string[] {
  const groups = new Map<string, string[]>();
  for (const item of skipped) {
    const key = `${item.kind}: ${item.reason}`;
    const ids = groups.get(key) ?? [];
    if (item.sourceId) ids.push(item.sourceId);
    groups.set(key, ids);
  }
  return [...groups].map(([key, ids]) => {
    if (ids.length === 0) return key;
    if (ids.length === 1) return `${key} (${ids[0]})`;
    return `${key} × ${ids.length} (${ids.slice(0, 3).join(", ")}${ids.length > 3 ? ", …" : ""})`;
  });
}

/** The report as a few lines for a person (the CLI's output without --json). */
export function formatReport(report: ImportReport): string {
  const lines = [
    `${report.dryRun ? "Dry run of an import" : "Import"} from ${report.source}${report.site ? ` (${report.site})` : ""}`,
  ];
  for (const [kind, counts] of Object.entries(report.counts)) {
    lines.push(
      `  ${kind.padEnd(10)} ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.skipped} skipped`,
    );
  }
  const { images } = report;
  lines.push(
    `  images     ${images.fetched} fetched, ${images.fromMediaDir} from the media folder, ${images.missing} missing`,
  );
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title}:`);
    for (const item of items) lines.push(`  ${item}`);
  };
  section("Skipped", skippedLines(report.skipped));
  section(
    "Mapped",
    report.mapped.map((item) => `${item.kind}: ${item.from} → ${item.to}`),
  );
  section("Missing images (kept at their old address)", images.missingUrls);
  section("Warnings", report.warnings);
  return lines.join("\n");
}
