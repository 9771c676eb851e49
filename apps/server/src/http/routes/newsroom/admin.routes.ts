import { adminApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";

/** /api/admin/*: figures for the admin area (staff). */
export function adminRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(adminApi.stats), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await services.analytics.dashboard(), 200);
    })
    .openapi(routeOf(adminApi.runtime), (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(services.runtimeStats(), 200);
    });
}
