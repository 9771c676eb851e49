import { homeApi } from "@broadsheet/domain";
import type { HomeService } from "../../home";
import { apiRouter, routeOf } from "../api-routes";

/** GET /api/home: the home page's blocks in one answer. */
export function homeRoutes(home: HomeService) {
  return apiRouter().openapi(routeOf(homeApi.get), async (c) => c.json(await home.getHome(c.get("user")?.id), 200));
}
