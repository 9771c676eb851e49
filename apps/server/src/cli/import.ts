import { parseArgs } from "node:util";
import { DataDirLockedError } from "../db/data-dir-lock";
import { formatReport, ImportInputError, type ImportProgress, type ImportSource } from "../site-import";
import { withServices } from "./with-services";

/*
 * `npm run import -- --from wordpress|ghost|broadsheet <file or dir> [--dry-run] [--media-dir <dir>] [--json]`
 * Imports another site's export into the configured database: progress on stderr, the report
 * on stdout; exit 1 with a one-line reason when it cannot.
 */
const USAGE =
  "Usage: npm run import -- --from wordpress|ghost|broadsheet <file or dir> [--dry-run] [--media-dir <dir>] [--json]";
const SOURCES: readonly ImportSource[] = ["wordpress", "ghost", "broadsheet"];
const PROGRESS_EVERY_MS = 1000;

class UsageError extends Error {}

function readArguments() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const source = values.from as ImportSource | undefined;
  if (!source || !SOURCES.includes(source))
    throw new UsageError(`--from must be one of ${SOURCES.join(", ")}.\n${USAGE}`);
  const [filePath, ...extra] = positionals;
  if (!filePath || extra.length > 0) throw new UsageError(`Give one export file (or directory).\n${USAGE}`);
  return {
    source,
    filePath,
    dryRun: values["dry-run"] === true,
    mediaDir: values["media-dir"],
    json: values.json === true,
  };
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      from: { type: "string" },
      "dry-run": { type: "boolean" },
      "media-dir": { type: "string" },
      json: { type: "boolean" },
    },
  });
}

function progressPrinter() {
  let last = 0;
  return (progress: ImportProgress) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS && progress.done < progress.total) return;
    last = now;
    process.stderr.write(`Imported ${progress.done} of ${progress.total} posts and pages\n`);
  };
}

async function main(): Promise<void> {
  const options = readArguments();
  const report = await withServices((services) =>
    services.siteImport.run({
      source: options.source,
      filePath: options.filePath,
      dryRun: options.dryRun,
      mediaDir: options.mediaDir,
      onProgress: progressPrinter(),
    }),
  );
  process.stdout.write(`${options.json ? JSON.stringify(report, null, 2) : formatReport(report)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const reason =
      error instanceof UsageError || error instanceof ImportInputError || error instanceof DataDirLockedError
        ? error.message
        : `The import failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${reason}\n`);
    process.exit(1);
  },
);
