import type { Context } from "hono";
import { invalid, unsupportedMedia } from "../errors";
import type { AppEnv } from "./app-env";
import { containsNul } from "./body";
import { isMultipart, readMultipart } from "./multipart";

/**
 * The CSV of an admin import: the multipart field `file` (a file or a text field) or a text/csv
 * body. `messages` are the area's own words for a missing CSV and for one that is not text;
 * `option` names a field that may come beside the file (or in the query string), e.g. `confirm`.
 */
export async function readCsvBody(
  c: Context<AppEnv>,
  messages: { csvRequired: string; csvNotText: string },
  option?: string,
): Promise<{ text: string; option: string }> {
  let text: string;
  let value = option ? (c.req.query(option) ?? "") : "";
  if (isMultipart(c)) {
    const form = await readMultipart(c, 1);
    if (option) value = form.text(option) ?? value;
    const [part] = form.all("file");
    if (!part) throw invalid(messages.csvRequired);
    text = "file" in part ? part.file.toString("utf8") : part.value;
  } else {
    const type = c.req.header("content-type")?.toLowerCase() ?? "";
    if (!type.startsWith("text/csv") && !type.startsWith("text/plain")) throw unsupportedMedia(messages.csvRequired);
    text = await c.req.text();
  }
  // A NUL is in no text file: an image or an archive sent by mistake.
  if (containsNul(text)) throw invalid(messages.csvNotText);
  return { text, option: value };
}
