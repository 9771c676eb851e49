import { revisionsApi } from "@broadsheet/domain";
import type { RevisionsService } from "../../../posts";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser } from "../../middleware/session";

/** /api/posts/{id}/revisions: a post's saved versions (issue 15), staff only. */
export function revisionsRoutes(revisions: RevisionsService) {
  return apiRouter()
    .openapi(routeOf(revisionsApi.list), async (c) =>
      c.json(await revisions.listRevisions(c.req.valid("param").id), 200),
    )
    .openapi(routeOf(revisionsApi.get), async (c) => {
      const { id, revisionId } = c.req.valid("param");
      return c.json(await revisions.getRevision(id, revisionId), 200);
    })
    .openapi(routeOf(revisionsApi.restore), async (c) => {
      const { id, revisionId } = c.req.valid("param");
      return c.json(await revisions.restoreRevision(id, revisionId, sessionUser(c).id), 200);
    });
}
