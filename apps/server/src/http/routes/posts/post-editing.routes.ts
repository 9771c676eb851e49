import { postEditingApi } from "@broadsheet/domain";
import type { PostEditorsService, RevisionsService } from "../../../posts";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser } from "../../middleware/session";

/** A post open in the editor (issue 43): its autosave and who has it open. Staff only. */
export function postEditingRoutes({
  revisions,
  postEditors,
}: {
  revisions: RevisionsService;
  postEditors: PostEditorsService;
}) {
  return apiRouter()
    .openapi(routeOf(postEditingApi.autosave), async (c) =>
      c.json(await revisions.autosave(c.req.valid("param").id, sessionUser(c).id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(postEditingApi.heartbeat), async (c) =>
      c.json(
        await postEditors.heartbeat(c.req.valid("param").id, sessionUser(c).id, c.req.valid("json").takeOver),
        200,
      ),
    )
    .openapi(routeOf(postEditingApi.leave), async (c) => {
      await postEditors.leave(c.req.valid("param").id, sessionUser(c).id);
      return c.json({ message: "Left the post" }, 200);
    });
}
