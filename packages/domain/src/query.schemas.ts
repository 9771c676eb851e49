import { MAX_PAGE_SIZE } from "./limits";
import { z } from "./zod";

/*
 * Query strings of the list endpoints. A list never answers 400 for a bad page: nonsense
 * falls back to the default and too large is capped, as readers' hand-edited URLs deserve.
 * (`null` passes through only because the OpenAPI generator probes with it to decide
 * whether to document a field as nullable; a query string never holds null.)
 */

/** A whole number ≥ 1 read from the query string; anything else is `fallback`, above `max` is `max`. */
export function wholeNumberQuery(fallback: number, max: number, description: string) {
  return z.preprocess(
    (raw) => {
      if (raw === null) return raw;
      const value = Number(raw);
      return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
    },
    z.number().int().min(1).max(max).meta({ description, default: fallback }),
  );
}

/** One of `values`; anything else is `fallback`. */
export function choiceQuery<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  description: string,
) {
  return z.preprocess(
    (raw: T[number] | undefined) => (raw === null || values.includes(raw as string) ? raw : fallback),
    z.enum(values).meta({ description, default: fallback }),
  );
}

/** `?page=&limit=`: page from 1, `limit` rows per page by default, at most MAX_PAGE_SIZE. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: wholeNumberQuery(1, 1_000_000, "Page number, from 1"),
    limit: wholeNumberQuery(defaultLimit, MAX_PAGE_SIZE, `Rows per page (at most ${MAX_PAGE_SIZE})`),
  });
}
export type PageQuery = { page: number; limit: number };

/** Free text of a query string, cut (not refused) at `maxLength`. */
export function textQuery(maxLength: number, description: string) {
  return z.preprocess(
    (raw: string | undefined) => (raw === null ? raw : typeof raw === "string" ? raw.slice(0, maxLength) : ""),
    z.string().meta({ description }),
  );
}

/** A path parameter. */
export const idParam = (description: string) => z.object({ id: z.string().meta({ description }) });
export const PostIdParams = idParam("The post's id (UUID) or slug");
export const uuidParams = (what: string) => idParam(`The ${what}'s id (UUID)`);
