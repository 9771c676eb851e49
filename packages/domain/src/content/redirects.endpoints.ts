import { pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { pageQuerySchema, textQuery, uuidParams } from "../api/query.schemas";
import { UPLOAD_MAX_BYTES } from "../rules/limits";
import { z } from "../zod";
import { REDIRECT_ORIGINS, REDIRECT_PAGE_SIZE, RedirectInputSchema } from "./redirects.schemas";

/** /api/redirects: Admin → Redirects (docs/product/redirects.md). Admins only: redirects decide where every address goes. */

export const RedirectSchema = z
  .object({
    _id: z.string(),
    from: z.string().describe("The old address, as stored: decoded, no trailing slash, only an addressing query"),
    to: z.string().describe("A path of this site or an absolute http(s) URL"),
    status: z.union([z.literal(301), z.literal(302)]),
    origin: z.enum(REDIRECT_ORIGINS),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Redirect" });
export type RedirectJson = z.infer<typeof RedirectSchema>;

export const RedirectImportReportSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })).describe("Why each skipped line was"),
  })
  .meta({ id: "RedirectImportReport" });
export type RedirectImportReport = z.infer<typeof RedirectImportReportSchema>;

export const RedirectListQuerySchema = pageQuerySchema(REDIRECT_PAGE_SIZE).extend({
  search: textQuery(200, "Part of the From or To address"),
});
export type RedirectListQuery = z.output<typeof RedirectListQuerySchema>;

const RedirectImportFormSchema = z.object({
  file: z.string().meta({ format: "binary", contentMediaType: "text/csv" }),
});

// A CSV file of an upload's size, with room for the multipart framing.
const MAX_REDIRECT_CSV_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

export const redirectsApi = {
  list: endpoint({
    method: "get",
    path: "/api/redirects",
    tag: "Redirects",
    summary: "List redirects, newest first",
    access: "admin",
    query: RedirectListQuerySchema,
    response: pageSchema(RedirectSchema),
    responseDescription: "A page of redirects",
  }),
  create: endpoint({
    method: "post",
    path: "/api/redirects",
    tag: "Redirects",
    summary: "Add a redirect",
    description: "Refused when From equals To, when the target redirects back (a loop) or when From is taken.",
    access: "admin",
    body: RedirectInputSchema,
    status: 201,
    response: RedirectSchema,
    responseDescription: "The new redirect",
    errors: [400, 409],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/redirects/{id}",
    tag: "Redirects",
    summary: "Delete a redirect",
    access: "admin",
    params: uuidParams("redirect"),
    response: MessageSchema,
    responseDescription: "Redirect deleted",
  }),
  importCsv: endpoint({
    method: "post",
    path: "/api/redirects/import",
    tag: "Redirects",
    summary: "Import redirects from CSV",
    description:
      "Columns from,to[,status] (a header row is optional), as the multipart field `file` or a text/csv body. An existing From is updated; bad lines are skipped with their reason.",
    access: "admin",
    form: RedirectImportFormSchema,
    maxBodyBytes: MAX_REDIRECT_CSV_BYTES,
    response: RedirectImportReportSchema,
    responseDescription: "What the import did, line by line for the skipped ones",
    errors: [400, 413, 415],
  }),
  exportCsv: endpoint({
    method: "get",
    path: "/api/redirects/export",
    tag: "Redirects",
    summary: "Every redirect as CSV",
    access: "admin",
    response: z.string(),
    responseDescription: "from,to,status,origin lines with a header row",
    responseMediaType: "text/csv",
  }),
};
