import { isConnectionError } from "./client";

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
 * Node's error for a request whose client went away before sending all of it: ECONNRESET too,
 * but "aborted" and from no system call, where a database socket's reset names its call ("read").
 */
export function isClientAbort(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === "object"; depth++) {
    const { code, message, syscall, cause } = current as {
      code?: unknown;
      message?: unknown;
      syscall?: unknown;
      cause?: unknown;
    };
    if (code === "ECONNRESET" && message === "aborted" && syscall === undefined) return true;
    current = cause;
  }
  return false;
}

/**
 * The database could not be reached or dropped the connection (a restart, a failover, a
 * terminated backend): SQLSTATE class 08, 57P01–57P03, ECONNRESET / ECONNREFUSED / EPIPE,
 * "Connection terminated" (isConnectionError, beside the pool in db/client.ts, which retries
 * reads on it). The request may succeed if tried again shortly (answer 503). A client that
 * aborted its own request is not the database: its ECONNRESET is not an outage.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return !isClientAbort(error) && isConnectionError(error);
}
