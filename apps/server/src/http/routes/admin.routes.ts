import { Hono } from "hono";
import type { Services } from "../../services";
import type { AppEnv } from "../app-env";
import { currentStaff } from "../middleware/session";

/** /api/admin/*: figures for the admin area (staff). */
export function adminRoutes(services: Services) {
  return new Hono<AppEnv>().get("/stats", async (c) => {
    currentStaff(c);
    c.header("Cache-Control", "no-store");
    return c.json(await services.analytics.dashboard());
  });
}
