import { sendsApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { limitOrdinaryBody, readJson } from "../../body";
import { sessionUser } from "../../middleware/session";

/** /api/newsletters/sends and the provider's notices (docs/product/newsletter-sending.md). */
export function sendsRoutes({ sends, deliveryEvents }: Pick<Services, "sends" | "deliveryEvents">) {
  return apiRouter()
    .openapi(routeOf(sendsApi.create), async (c) =>
      c.json(await sends.create(c.req.valid("json"), sessionUser(c).id), 202),
    )
    .openapi(routeOf(sendsApi.list), async (c) => c.json({ items: await sends.list(c.req.valid("query").postId) }, 200))
    .openapi(routeOf(sendsApi.get), async (c) => c.json(await sends.get(c.req.valid("param").id), 200))
    .openapi(routeOf(sendsApi.pause), async (c) => c.json(await sends.pause(c.req.valid("param").id), 200))
    .openapi(routeOf(sendsApi.resume), async (c) => c.json(await sends.resume(c.req.valid("param").id), 200))
    .openapi(routeOf(sendsApi.cancel), async (c) => c.json(await sends.cancel(c.req.valid("param").id), 200))
    .openapi(routeOf(sendsApi.events, { before: [limitOrdinaryBody] }), async (c) => {
      // SNS posts JSON as text/plain: the body is read as JSON whatever its type says.
      const recorded = await deliveryEvents.receive(await readJson(c), c.req.header("authorization"));
      return c.json({ message: `${recorded} notice(s) recorded` }, 200);
    });
}
