/* CSV of the admin's imports and exports (RFC 4180: commas, double quotes around fields that need them). */

/** The rows of a CSV text: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let index = 0; index < input.length; index++) {
    const character = input[index];
    if (quoted) {
      if (character === '"' && input[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === "") quoted = true;
    else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && input[index + 1] === "\n") index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += character;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: readonly (string | number)[]): string {
  return `${fields.map((field) => csvField(String(field))).join(",")}\r\n`;
}

/**
 * A cell a spreadsheet will not run as a formula: one starting with = + - @ (or a tab or carriage
 * return, which some spreadsheets skip before looking) is prefixed with an apostrophe (OWASP's
 * CSV injection advice). For exports of what the public typed, such as subscribers' names.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** What a CSV import did: lines created, updated and skipped, each skipped one with its line number and reason. */
export interface CsvImportReport {
  created: number;
  updated: number;
  skipped: number;
  problems: { line: number; message: string }[];
}

/** An empty report and the way to skip a line into it. */
export function csvImportReport(): { report: CsvImportReport; skip: (line: number, message: string) => void } {
  const report: CsvImportReport = { created: 0, updated: 0, skipped: 0, problems: [] };
  const skip = (line: number, message: string) => {
    report.skipped++;
    report.problems.push({ line, message });
  };
  return { report, skip };
}
