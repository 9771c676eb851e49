import { TAG_MESSAGES, tagsApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { viewerIsStaff } from "../../middleware/session";

/** /api/tags: docs/product/tags.md. Reading is public (staff also count drafts); changes are for staff. */
export function tagRoutes(services: Services) {
  const { tags } = services;
  return apiRouter()
    .openapi(routeOf(tagsApi.list), async (c) =>
      c.json(await tags.listTags(c.req.valid("query"), await viewerIsStaff(c)), 200),
    )
    .openapi(routeOf(tagsApi.get), async (c) =>
      c.json(await tags.getTag(c.req.valid("param").id, await viewerIsStaff(c)), 200),
    )
    .openapi(routeOf(tagsApi.rename), async (c) =>
      c.json(await tags.renameTag(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(tagsApi.merge), async (c) =>
      c.json(await tags.mergeTag(c.req.valid("param").id, c.req.valid("json").into), 200),
    )
    .openapi(routeOf(tagsApi.remove), async (c) => {
      await tags.deleteTag(c.req.valid("param").id);
      return c.json({ message: TAG_MESSAGES.tagDeleted }, 200);
    });
}
