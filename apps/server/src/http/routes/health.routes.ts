import { Hono } from "hono";
import type { HealthService } from "../../services/health.service";
import type { AppEnv } from "../app-env";

export function healthRoutes(health: HealthService) {
  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await health.checkHealth());
  });
}
