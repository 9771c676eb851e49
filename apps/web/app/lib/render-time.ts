export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * The time a page renders with, floored to `unitMs`: an unchanged page rendered again within
 * the same unit is the same bytes, so its ETag matches (a revalidation is answered 304) and the
 * page cache keeps its compressed copies (decision 092).
 */
export function renderTime(unitMs: number): string {
  return new Date(Math.floor(Date.now() / unitMs) * unitMs).toISOString();
}
