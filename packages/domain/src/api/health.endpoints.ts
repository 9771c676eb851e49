import { z } from "../zod";
import { endpoint } from "./endpoint";

export const HealthSchema = z
  .object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) })
  .meta({ id: "Health" });
export type HealthReport = z.infer<typeof HealthSchema>;

/** /api/health: for load balancers and monitors. */
export const healthApi = {
  check: endpoint({
    method: "get",
    path: "/api/health",
    tag: "Health",
    summary: "Liveness and database check",
    access: "public",
    response: HealthSchema,
    responseDescription: "The server and its database answer",
  }),
};
