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

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === "23505";

/** A row still referenced by another (ON DELETE RESTRICT): 23503 on PostgreSQL 15, 23001 on 17. */
export const isStillReferenced = (error: unknown) => ["23503", "23001"].includes(pgErrorCode(error) ?? "");
