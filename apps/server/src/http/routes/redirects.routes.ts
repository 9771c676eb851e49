import { REDIRECT_MESSAGES, redirectsApi } from "@broadsheet/domain";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import { readCsvBody } from "../csv-body";

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
      c.json(await services.redirects.importCsv((await readCsvBody(c, REDIRECT_MESSAGES)).text), 200),
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
