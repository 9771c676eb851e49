import { DashboardStatsSchema } from "./api-shapes";
import { endpoint } from "./endpoint";

/** /api/admin: figures for the admin area. */
export const adminApi = {
  stats: endpoint({
    method: "get",
    path: "/api/admin/stats",
    tag: "Admin",
    summary:
      "Dashboard figures: post and user counts, views per day (30 days), top posts of the week, shares by platform, latest comments",
    access: "staff",
    response: DashboardStatsSchema,
    responseDescription: "The dashboard figures",
  }),
};
