import { ACCOUNT_MESSAGES } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { SessionsService, SessionUser } from "../../accounts";
import { type StaffAccess, staffAccess } from "../../accounts";
import { unauthorized } from "../../errors";
import type { AppEnv } from "../app-env";

export const SESSION_COOKIE = "broadsheet_session";

export interface RequestSession {
  token: string | null;
  user: SessionUser | null;
}

/** Over HTTPS the cookie is `__Host-` prefixed: Secure, path /, no Domain, so no subdomain can set or read it. */
export function isSecure(c: Context<AppEnv>): boolean {
  return c.get("publicOrigin").startsWith("https:");
}

/** Over HTTPS only the `__Host-` cookie counts: a plain one may have been set by a subdomain (cookie tossing). */
function readSessionToken(c: Context<AppEnv>): string | undefined {
  return isSecure(c) ? getCookie(c, SESSION_COOKIE, "host") : getCookie(c, SESSION_COOKIE);
}

/** Whether the request carries a session cookie at all (its pages are personal, never cached). */
export function hasSessionCookie(c: Context<AppEnv>): boolean {
  return readSessionToken(c) !== undefined;
}

/** The session of a request's cookie (one query when there is a cookie, none otherwise). */
export async function resolveRequestSession(c: Context<AppEnv>, sessions: SessionsService): Promise<RequestSession> {
  const token = readSessionToken(c);
  if (!token || token.length > 100) return { token: null, user: null };
  const user = await sessions.resolveSession(token);
  return user ? { token, user } : { token: null, user: null };
}

/**
 * Resolves the session cookie to a user; a stale cookie is cleared. The API calls of one
 * page render reuse the session the page request resolved (bindings.pageRequest).
 */
export function sessionMiddleware(sessions: SessionsService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const known = c.env?.pageRequest?.session;
    const session = known ?? (await resolveRequestSession(c, sessions));
    c.set("user", session.user);
    c.set("sessionToken", session.token);
    if (!known && !session.user && readSessionToken(c)) clearSessionCookie(c);
    await next();
  };
}

export function setSessionCookie(c: Context<AppEnv>, session: { token: string; expiresAt: Date }): void {
  const secure = isSecure(c);
  setCookie(c, SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    expires: session.expiresAt,
    ...(secure && { prefix: "host" as const }),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  if (isSecure(c)) deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, prefix: "host" });
  else deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/**
 * The session's user in a handler whose route requires a login: the access middleware of
 * its declaration (http/api-routes.ts) has answered 401 or 403 otherwise.
 */
export function sessionUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.notLoggedIn);
  return user;
}

const noTwoFactorRule = async () => false;

/** Whether the request's user may use staff (or admin) powers now: accounts/staff-access.ts decides. */
export function staffAccessOf(c: Context<AppEnv>, level: "staff" | "admin" = "staff"): Promise<StaffAccess> {
  return staffAccess(c.get("user"), c.get("twoFactorRequired") ?? noTwoFactorRule, level);
}

export async function viewerIsStaff(c: Context<AppEnv>): Promise<boolean> {
  return (await staffAccessOf(c)) === "granted";
}
