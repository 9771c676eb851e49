import { ENGAGEMENT_MESSAGES, MODERATION_MESSAGES, moderationApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser } from "../../middleware/session";

const BULK_DONE = { approve: "approved", spam: "marked as spam", delete: "deleted" } as const;

/** /api/comments and the comment block of /api/users (docs/product/moderation.md), path for path. */
export function moderationRoutes(services: Services) {
  const { moderation } = services;
  return apiRouter()
    .openapi(routeOf(moderationApi.list), async (c) => c.json(await moderation.list(c.req.valid("query")), 200))
    .openapi(routeOf(moderationApi.counts), async (c) => c.json(await moderation.counts(), 200))
    .openapi(routeOf(moderationApi.update), async (c) =>
      c.json(await moderation.update(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(moderationApi.remove), async (c) => {
      await moderation.remove(c.req.valid("param").id);
      return c.json({ message: ENGAGEMENT_MESSAGES.commentDeleted }, 200);
    })
    .openapi(routeOf(moderationApi.bulk), async (c) => {
      const body = c.req.valid("json");
      const changed = await moderation.bulk(body);
      return c.json(
        { message: `${changed} comment${changed === 1 ? "" : "s"} ${BULK_DONE[body.action]}`, changed },
        200,
      );
    })
    .openapi(routeOf(moderationApi.report), async (c) => {
      await moderation.report(c.req.valid("param").id, sessionUser(c).id);
      return c.json({ message: MODERATION_MESSAGES.reported }, 200);
    })
    .openapi(routeOf(moderationApi.block), async (c) => {
      const name = await moderation.setBlocked(c.req.valid("param").id, true);
      return c.json({ message: `${name}: ${MODERATION_MESSAGES.userBlocked}`, blocked: true }, 200);
    })
    .openapi(routeOf(moderationApi.unblock), async (c) => {
      const name = await moderation.setBlocked(c.req.valid("param").id, false);
      return c.json({ message: `${name}: ${MODERATION_MESSAGES.userUnblocked}`, blocked: false }, 200);
    });
}
