import { PAGE_MESSAGES, pagesApi } from "@broadsheet/domain";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import { sessionUser } from "../middleware/session";
import { viewerOf } from "./posts/viewer-of";

/** /api/pages: static pages (docs/product/pages.md). Readers see published ones; staff write them and see drafts. */
export function pagesRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(pagesApi.list), async (c) =>
      c.json(await services.pages.listPages(c.req.valid("query"), await viewerOf(c)), 200),
    )
    .openapi(routeOf(pagesApi.get), async (c) =>
      c.json(await services.pages.getPage(c.req.valid("param").id, await viewerOf(c)), 200),
    )
    .openapi(routeOf(pagesApi.create), async (c) =>
      c.json(await services.pages.createPage(c.req.valid("json"), sessionUser(c).id), 201),
    )
    .openapi(routeOf(pagesApi.update), async (c) =>
      c.json(await services.pages.updatePage(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(pagesApi.remove), async (c) => {
      await services.pages.deletePage(c.req.valid("param").id);
      return c.json({ message: PAGE_MESSAGES.pageDeleted }, 200);
    });
}
