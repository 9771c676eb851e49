import type { Context } from "hono";

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : fallback;
}

/** ?page=&limit= with defaults; nonsense falls back to the default, limit is capped. */
export function pageQuery(c: Context, defaultLimit: number, maxLimit: number): { page: number; limit: number } {
  return {
    page: Math.min(positiveInt(c.req.query("page"), 1), 1_000_000),
    limit: Math.min(positiveInt(c.req.query("limit"), defaultLimit), maxLimit),
  };
}
