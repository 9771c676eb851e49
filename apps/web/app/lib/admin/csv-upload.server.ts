import type { CsvImportCounts } from "../../components/admin/csv-import-report";
import { csvImportMessage } from "../../components/admin/csv-import-report";
import type { ApiResult } from "../api.server";
import { failedCall, refuse, succeed } from "../forms/answer.server";

/* A CSV import form's file, sent on to the API as it came (Admin → Redirects, Admin → Subscribers). */

const intent = "import";

/** The multipart body for the API (the file and `fields`), or the refusal of an empty form. */
export function csvUpload(
  file: FormDataEntryValue | null,
  required: string,
  fields: Record<string, string> = {},
): { ok: true; form: FormData } | { ok: false; refused: ReturnType<typeof refuse<Record<string, string>>> } {
  if (!(file instanceof File) || file.size === 0) {
    return { ok: false, refused: refuse({ ok: false, message: required, fieldErrors: {} }, { intent }) };
  }
  const form = new FormData();
  form.set("file", file);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return { ok: true, form };
}

/** The API's answer to an import: its report, toasted with its counts. */
export function answerCsvImport(result: ApiResult<CsvImportCounts>) {
  if (!result.ok) return failedCall(result, { intent });
  return succeed({ intent, message: csvImportMessage(result.data), report: result.data });
}
