/** PostgreSQL error codes the services turn into AppErrors, whichever driver raised them. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint (or unique index) a PostgreSQL error names, whichever driver raised it. */
export function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";

/** A row still referenced by another (ON DELETE RESTRICT): 23503 on PostgreSQL 15, 23001 on 17. */
export const isStillReferenced = (error: unknown) => ["23503", "23001"].includes(pgErrorCode(error) ?? "");

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a
 * terminated backend): SQLSTATE class 08, 57P01–57P03, ECONNRESET / ECONNREFUSED / EPIPE,
 * "Connection terminated". The request may succeed if tried again shortly (answer 503).
 * Defined beside the pool in db/client.ts, which retries reads on the same condition.
 */
export { isConnectionError as isDatabaseUnavailable } from "../db/client";
