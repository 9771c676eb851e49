import { settingsApi } from "@broadsheet/domain";
import { publicSettings, type SettingsService } from "../../../newsroom";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser, staffAccessOf } from "../../middleware/session";

/** /api/settings: read by everyone, changed by admins (issue 15). */
export function settingsRoutes(settings: SettingsService) {
  return apiRouter()
    .openapi(routeOf(settingsApi.get), async (c) => {
      const all = await settings.getSettings();
      return c.json((await staffAccessOf(c, "admin")) === "granted" ? all : publicSettings(all), 200);
    })
    .openapi(routeOf(settingsApi.update), async (c) =>
      c.json(await settings.updateSettings(c.req.valid("json"), sessionUser(c)), 200),
    );
}
