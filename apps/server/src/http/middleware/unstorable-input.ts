import { MESSAGES } from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import { invalid } from "../../errors";
import type { AppEnv } from "../app-env";

// %00 anywhere in the path or query: PostgreSQL cannot store or compare NUL in text.
const ENCODED_NUL = /%00/i;

/**
 * Refuses, before any route or page sees it, a URL carrying NUL or a percent-encoding
 * that does not decode (400): such values could only end in a database error.
 */
export const refuseUnstorableUrls: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  if (ENCODED_NUL.test(url) || url.includes("\u0000")) throw invalid(MESSAGES.nulCharacter);
  try {
    decodeURIComponent(url);
  } catch {
    throw invalid(MESSAGES.malformedUrl);
  }
  await next();
};
