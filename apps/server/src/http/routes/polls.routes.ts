import { POLL_MESSAGES, pollsApi } from "@broadsheet/domain";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import { sessionUser } from "../middleware/session";

/** /api/votes/*: polls (docs/product.md#7-api "Votes"). Anyone reads them, staff manage them, readers vote once. */
export function pollsRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(pollsApi.create), async (c) =>
      c.json(await services.polls.createPoll(c.req.valid("json"), sessionUser(c).id), 201),
    )
    .openapi(routeOf(pollsApi.list), async (c) =>
      c.json(await services.polls.listPolls(c.req.valid("query"), c.get("user")?.id ?? null), 200),
    )
    .openapi(routeOf(pollsApi.vote), async (c) =>
      c.json(
        await services.polls.castVote(c.req.valid("param").id, sessionUser(c).id, c.req.valid("json").option),
        200,
      ),
    )
    .openapi(routeOf(pollsApi.get), async (c) =>
      c.json(await services.polls.getPoll(c.req.valid("param").id, c.get("user")?.id ?? null), 200),
    )
    .openapi(routeOf(pollsApi.update), async (c) =>
      c.json(await services.polls.updatePoll(c.req.valid("param").id, c.req.valid("json"), sessionUser(c).id), 200),
    )
    .openapi(routeOf(pollsApi.remove), async (c) => {
      await services.polls.deletePoll(c.req.valid("param").id);
      return c.json({ message: POLL_MESSAGES.pollDeleted }, 200);
    });
}
