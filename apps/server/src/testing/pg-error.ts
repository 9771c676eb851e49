/** The PostgreSQL error code of a failed query, whether the driver error is wrapped by Drizzle or not. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === "object") {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_CHECK_VIOLATION = "23514";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
// PostgreSQL 15 reports ON DELETE RESTRICT as a foreign-key violation, 17 (PGlite) as 23001.
export const PG_RESTRICT_VIOLATION = "23001";
export const PG_STILL_REFERENCED = [PG_FOREIGN_KEY_VIOLATION, PG_RESTRICT_VIOLATION];

export async function expectPgError(work: Promise<unknown>, code: string | string[]): Promise<void> {
  const expected = Array.isArray(code) ? code : [code];
  try {
    await work;
  } catch (error) {
    const actual = pgErrorCode(error);
    if (!actual || !expected.includes(actual)) {
      throw new Error(`Expected PostgreSQL error ${expected.join(" or ")}, got ${actual ?? String(error)}`);
    }
    return;
  }
  throw new Error(`Expected PostgreSQL error ${expected.join(" or ")}, but the query succeeded`);
}
