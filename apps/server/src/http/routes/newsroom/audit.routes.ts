import { auditApi } from "@broadsheet/domain";
import type { AuditService } from "../../../newsroom";
import { apiRouter, routeOf } from "../../api-routes";

/** GET /api/audit: the audit log, admins only (issue 15). */
export function auditRoutes(audit: AuditService) {
  return apiRouter().openapi(routeOf(auditApi.list), async (c) =>
    c.json(await audit.listEvents(c.req.valid("query")), 200),
  );
}
