/* What a CSV import did (Admin → Redirects, Admin → Subscribers): its counts and the lines it skipped. */

export interface CsvImportCounts {
  created: number;
  updated: number;
  skipped: number;
  problems: { line: number; message: string }[];
}

/** The toast of a finished CSV import. */
export const csvImportMessage = ({ created, updated, skipped }: CsvImportCounts) =>
  `Imported: ${created} created, ${updated} updated, ${skipped} skipped`;

export function CsvImportReport({ report }: { report: CsvImportCounts }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
      <p className="font-semibold">
        {report.created} created, {report.updated} updated, {report.skipped} skipped
      </p>
      {report.problems.length > 0 ? (
        <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-gray-700">
          {report.problems.slice(0, 100).map((problem) => (
            <li key={`${problem.line}-${problem.message}`}>
              Line {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
