import { redirectKey } from "../rules/redirect-paths";
import { z } from "../zod";
import { HTTP_URL_PATTERN } from "./posts.schemas";

/* Redirects (issue 41): an old address of this site → where its content lives now. */

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const REDIRECT_ORIGINS = ["manual", "slug-change", "import"] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];

export const REDIRECT_PAGE_SIZE = 50;
/** The most lines one CSV import reads; a larger table is imported in parts. */
export const REDIRECT_IMPORT_MAX_LINES = 250_000;

export const REDIRECT_MESSAGES = {
  fromInvalid: "From must be an address of this site starting with /",
  fromReserved: "From cannot be under /api, /assets or /media: those addresses never redirect",
  addressNul: "An address cannot hold %00",
  toInvalid: "To must be an address of this site starting with / or an http(s) URL",
  statusInvalid: "Type must be 301 (permanent) or 302 (temporary)",
  sameAddress: "From and To are the same address",
  loop: "This redirect would make a loop: its target already redirects back to it",
  fromTaken: "A redirect from this address already exists",
  redirectNotFound: "Redirect not found",
  redirectDeleted: "Redirect deleted",
  csvRequired: "Send the CSV as the multipart field `file` or as a text/csv body",
  csvNotText: "The file is not a CSV text file",
  tooManyLines: `A CSV import reads at most ${REDIRECT_IMPORT_MAX_LINES} lines`,
  columnsMissing: "A line needs at least two columns: from,to[,status]",
} as const;

/*
 * A path of this site as a browser sends it: one leading "/" (not "//"), no space, backslash or
 * control character. As patterns (without lookaheads), so that the OpenAPI document states the rule.
 */
const SITE_PATH = String.raw`\/(?:[^\/\s\\\x00-\x1f\x7f][^\s\\\x00-\x1f\x7f]*)?`;
export const REDIRECT_FROM_PATTERN = new RegExp(`^${SITE_PATH}$`);
/** A To: a site path or an http(s) URL. */
export const REDIRECT_TO_PATTERN = new RegExp(`^(?:${SITE_PATH}|${HTTP_URL_PATTERN.source.slice(1, -1)})$`);

// What the redirect lookup never sees: the API, the build's files, the uploads.
const UNREDIRECTED = /^\/(?:api|assets|media)(?:[/?#]|$)/;

/** Not /api, /assets or /media. */
export const isUnreservedPath = (path: string) => !UNREDIRECTED.test(path);
/** No %00: it decodes to a NUL, which no address holds and no table stores. */
export const hasNoNul = (address: string) => !/%00/.test(address);

/** True for a path the site could answer as a page, a redirect's From. */
export function isRedirectablePath(path: string): boolean {
  return REDIRECT_FROM_PATTERN.test(path) && isUnreservedPath(path) && hasNoNul(path) && redirectKey(path) !== null;
}

/** A target of this site (a path with an optional query) or an absolute http(s) URL. */
export function isRedirectTarget(to: string): boolean {
  return REDIRECT_TO_PATTERN.test(to) && hasNoNul(to);
}

const statusField = z.preprocess(
  (raw) => (raw === undefined || raw === "" ? 301 : typeof raw === "string" ? Number(raw) : raw),
  z.union([z.literal(301), z.literal(302)], { error: REDIRECT_MESSAGES.statusInvalid }),
);

export const RedirectInputSchema = z.object({
  from: z
    .string({ error: REDIRECT_MESSAGES.fromInvalid })
    .trim()
    .max(2000, REDIRECT_MESSAGES.fromInvalid)
    .regex(REDIRECT_FROM_PATTERN, REDIRECT_MESSAGES.fromInvalid)
    .refine(isUnreservedPath, REDIRECT_MESSAGES.fromReserved)
    .refine(hasNoNul, REDIRECT_MESSAGES.addressNul),
  to: z
    .string({ error: REDIRECT_MESSAGES.toInvalid })
    .trim()
    .max(2000, REDIRECT_MESSAGES.toInvalid)
    .regex(REDIRECT_TO_PATTERN, REDIRECT_MESSAGES.toInvalid)
    .refine(hasNoNul, REDIRECT_MESSAGES.addressNul),
  status: statusField.optional().default(301).meta({ description: "301 (permanent, the default) or 302" }),
});
export type RedirectInput = z.infer<typeof RedirectInputSchema>;
export type RedirectInputValues = z.input<typeof RedirectInputSchema>;
