export { createAnalyticsService } from "./analytics.service";
export { type AuditEntry, type AuditService, createAuditService } from "./audit.service";
export { createHealthService, type HealthService } from "./health.service";
export { createSettingsService, publicSettings, type SettingsService } from "./settings.service";
