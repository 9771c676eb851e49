import { endpoint } from "../api/endpoint";
import { SettingsPatchSchema, SettingsSchema } from "./settings.schemas";

/** /api/settings: the site's name, words and links (issue 15). */
export const settingsApi = {
  get: endpoint({
    method: "get",
    path: "/api/settings",
    tag: "Settings",
    summary: "The site's settings",
    description: "Every field is public: each one is shown on the site's pages.",
    access: "public",
    response: SettingsSchema,
    responseDescription: "The settings",
  }),
  update: endpoint({
    method: "patch",
    path: "/api/settings",
    tag: "Settings",
    summary: "Change the site's settings",
    description: "Only the fields sent change. Every page shows the change at once, on every instance.",
    access: "admin",
    body: SettingsPatchSchema,
    response: SettingsSchema,
    responseDescription: "The settings after the change",
    errors: [400],
  }),
};
