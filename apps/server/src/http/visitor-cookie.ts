import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { VisitorIds } from "../accounts";
import type { AppEnv } from "./app-env";
import { isSecure } from "./middleware/session";

export const VISITOR_COOKIE = "broadsheet_visitor";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The anonymous reader's signed visitor id; a missing or forged cookie gets a new one. Over
 * HTTPS only the `__Host-` cookie is read, as for the session.
 */
export async function visitorIdOf(c: Context<AppEnv>, visitorIds: VisitorIds): Promise<string> {
  const secure = isSecure(c);
  const known = await visitorIds.verify(secure ? getCookie(c, VISITOR_COOKIE, "host") : getCookie(c, VISITOR_COOKIE));
  if (known) return known;
  const issued = await visitorIds.issue();
  setCookie(c, VISITOR_COOKIE, issued.cookie, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: YEAR_SECONDS,
    ...(secure && { prefix: "host" as const }),
  });
  return issued.id;
}
