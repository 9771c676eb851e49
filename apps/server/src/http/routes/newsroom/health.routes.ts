import { healthApi } from "@broadsheet/domain";
import type { HealthService } from "../../../newsroom";
import { apiRouter, routeOf } from "../../api-routes";

export function healthRoutes(health: HealthService) {
  return apiRouter().openapi(routeOf(healthApi.check), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await health.checkHealth(), 200);
  });
}
