import { type Context, Hono } from "hono";
import type { Services } from "../../services";
import type { Viewer } from "../../services/posts.service";
import type { AppEnv } from "../app-env";
import { viewerIsStaff } from "../middleware/session";

function viewerOf(c: Context<AppEnv>): Viewer {
  return { id: c.get("user")?.id, isStaff: viewerIsStaff(c) };
}

/**
 * /api/posts/{most-read,trendy,hot,icymi,related/:id,up-next/:id}: public lists of at most
 * five published posts (plain arrays). Mounted before the posts routes so `icymi` is not an id.
 */
export function feedsRoutes(services: Services) {
  const { feeds } = services;
  return new Hono<AppEnv>()
    .get("/most-read", async (c) => c.json(await feeds.mostRead(c.get("user")?.id)))
    .get("/trendy", async (c) => c.json(await feeds.trendy(c.get("user")?.id)))
    .get("/hot", async (c) => c.json(await feeds.hot(c.get("user")?.id)))
    .get("/icymi", async (c) => c.json(await feeds.icymi(c.get("user")?.id)))
    .get("/related/:id", async (c) => c.json(await feeds.related(c.req.param("id"), viewerOf(c))))
    .get("/up-next/:id", async (c) => c.json(await feeds.upNext(c.req.param("id"), viewerOf(c))));
}
