import { REDIRECT_MESSAGES, redirectsApi } from "@broadsheet/domain";
import type { Context } from "hono";
import { invalid, unsupportedMedia } from "../../errors";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import type { AppEnv } from "../app-env";
import { containsNul } from "../body";
import { isMultipart, readMultipart } from "../multipart";

/** The CSV of an import: the multipart field `file` (a file or a text field) or a text/csv body. */
async function readCsv(c: Context<AppEnv>): Promise<string> {
  let text: string;
  if (isMultipart(c)) {
    const [part] = (await readMultipart(c, 1)).all("file");
    if (!part) throw invalid(REDIRECT_MESSAGES.csvRequired);
    text = "file" in part ? part.file.toString("utf8") : part.value;
  } else {
    const type = c.req.header("content-type")?.toLowerCase() ?? "";
    if (!type.startsWith("text/csv") && !type.startsWith("text/plain"))
      throw unsupportedMedia(REDIRECT_MESSAGES.csvRequired);
    text = await c.req.text();
  }
  // A NUL is in no text file: an image or an archive sent by mistake.
  if (containsNul(text)) throw invalid(REDIRECT_MESSAGES.csvNotText);
  return text;
}

/** /api/redirects/*: Admin → Redirects (docs/product/redirects.md), admins only. */
export function redirectsRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(redirectsApi.list), async (c) =>
      c.json(await services.redirects.listRedirects(c.req.valid("query")), 200),
    )
    .openapi(routeOf(redirectsApi.create), async (c) =>
      c.json(await services.redirects.addRedirect(c.req.valid("json")), 201),
    )
    .openapi(routeOf(redirectsApi.importCsv), async (c) =>
      c.json(await services.redirects.importCsv(await readCsv(c)), 200),
    )
    .openapi(routeOf(redirectsApi.exportCsv), async (c) => {
      c.header("Content-Disposition", 'attachment; filename="redirects.csv"');
      return c.body(await services.redirects.exportCsv(), 200, { "Content-Type": "text/csv; charset=utf-8" });
    })
    .openapi(routeOf(redirectsApi.remove), async (c) => {
      await services.redirects.deleteRedirect(c.req.valid("param").id);
      return c.json({ message: REDIRECT_MESSAGES.redirectDeleted }, 200);
    });
}
