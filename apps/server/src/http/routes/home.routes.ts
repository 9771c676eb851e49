import { Hono } from "hono";
import type { HomeService } from "../../services/home.service";
import type { AppEnv } from "../app-env";

/** GET /api/home: the home page's blocks in one answer. */
export function homeRoutes(home: HomeService) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await home.getHome(c.get("user")?.id)));
}
