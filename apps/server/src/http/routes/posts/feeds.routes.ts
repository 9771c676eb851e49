import { feedsApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { viewerOf } from "./viewer-of";

/**
 * /api/posts/{most-read,trendy,hot,icymi,related/{id},up-next/{id}}: public lists of at most
 * five published posts (plain arrays). Mounted before the posts routes so `icymi` is not an id.
 */
export function feedsRoutes(services: Services) {
  const { feeds } = services;
  return apiRouter()
    .openapi(routeOf(feedsApi.mostRead), async (c) => c.json(await feeds.mostRead(c.get("user")?.id), 200))
    .openapi(routeOf(feedsApi.trendy), async (c) => c.json(await feeds.trendy(c.get("user")?.id), 200))
    .openapi(routeOf(feedsApi.hot), async (c) => c.json(await feeds.hot(c.get("user")?.id), 200))
    .openapi(routeOf(feedsApi.icymi), async (c) => c.json(await feeds.icymi(c.get("user")?.id), 200))
    .openapi(routeOf(feedsApi.related), async (c) =>
      c.json(await feeds.related(c.req.valid("param").id, await viewerOf(c)), 200),
    )
    .openapi(routeOf(feedsApi.upNext), async (c) =>
      c.json(await feeds.upNext(c.req.valid("param").id, await viewerOf(c)), 200),
    );
}
