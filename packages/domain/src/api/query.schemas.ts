import { MAX_PAGE_SIZE } from "../rules/limits";
import { z } from "../zod";

/*
 * Query strings of the list endpoints. What the OpenAPI document says a field takes is what
 * the API accepts: a page or limit out of range, or a choice that is not one of the list,
 * answers 400 with a message naming the field (the web pages clean their own URLs first).
 * (`null` passes through only because the OpenAPI generator probes with it to decide
 * whether to document a field as nullable; a query string never holds null.)
 */

/** A whole number from 1 to `max` read from the query string; absent is `fallback`. */
export function wholeNumberQuery(name: string, fallback: number, max: number, description: string) {
  const message = `${name} must be a whole number from 1 to ${max}`;
  return z.preprocess(
    (raw: number | string | undefined) => {
      if (raw === undefined) return fallback;
      return typeof raw === "string" && /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
    },
    z
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(max, message)
      .meta({ description, default: fallback }),
  );
}

/** One of `values`; absent is `fallback`. */
export function choiceQuery<const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  fallback: T[number],
  description: string,
) {
  const message = `${name} must be one of: ${values.map((value) => value || '""').join(", ")}`;
  return z.preprocess(
    (raw: T[number] | undefined) => (raw === undefined ? fallback : raw),
    z.enum(values, { error: message }).meta({ description, default: fallback }),
  );
}

/** `?page=&limit=`: page from 1, `limit` rows per page by default, at most MAX_PAGE_SIZE. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: wholeNumberQuery("page", 1, 1_000_000, "Page number, from 1"),
    limit: wholeNumberQuery("limit", defaultLimit, MAX_PAGE_SIZE, `Rows per page (at most ${MAX_PAGE_SIZE})`),
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
