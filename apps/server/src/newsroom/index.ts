export { createAnalyticsService } from "./analytics.service";
export { type AuditEntry, type AuditNamedType, type AuditService, createAuditService } from "./audit.service";
export { createHealthService, type HealthService } from "./health.service";
export { createIdempotencyService, type IdempotencyService, type StoredAnswer } from "./idempotency.service";
export { createSettingsService, publicSettings, type SettingsService } from "./settings.service";
