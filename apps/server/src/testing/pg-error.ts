import { pgErrorCode } from "../db/pg-errors";

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_CHECK_VIOLATION = "23514";
// PostgreSQL 15 reports ON DELETE RESTRICT as a foreign-key violation, 17 (PGlite) as 23001.
export const PG_STILL_REFERENCED = ["23503", "23001"];

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
