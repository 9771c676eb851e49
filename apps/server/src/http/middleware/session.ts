import { ACCOUNT_MESSAGES, isStaff } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { forbidden, unauthorized } from "../../errors";
import type { SessionsService, SessionUser } from "../../services/sessions.service";
import type { AppEnv } from "../app-env";

export const SESSION_COOKIE = "broadsheet_session";

export interface RequestSession {
  token: string | null;
  user: SessionUser | null;
}

/** The session of a request's cookie (one query when there is a cookie, none otherwise). */
export async function resolveRequestSession(c: Context, sessions: SessionsService): Promise<RequestSession> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return { token: null, user: null };
  const user = await sessions.resolveSession(token);
  return user ? { token, user } : { token: null, user: null };
}

/**
 * Resolves the session cookie to a user; a stale cookie is cleared. The API calls of one
 * page render reuse the session the page request resolved (bindings.pageSession).
 */
export function sessionMiddleware(sessions: SessionsService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const known = c.env?.pageSession;
    const session = known ?? (await resolveRequestSession(c, sessions));
    c.set("user", session.user);
    c.set("sessionToken", session.token);
    if (!known && !session.user && getCookie(c, SESSION_COOKIE)) deleteCookie(c, SESSION_COOKIE, { path: "/" });
    await next();
  };
}

export function setSessionCookie(c: Context, session: { token: string; expiresAt: Date }, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

/** The logged-in user, or a 401. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.notLoggedIn);
  return user;
}

export function currentStaff(c: Context<AppEnv>): SessionUser {
  const user = currentUser(c);
  if (!isStaff(user.role)) throw forbidden(ACCOUNT_MESSAGES.staffOnly);
  return user;
}

export function currentAdmin(c: Context<AppEnv>): SessionUser {
  const user = currentUser(c);
  if (user.role !== "admin") throw forbidden(ACCOUNT_MESSAGES.adminOnly);
  return user;
}

export function viewerIsStaff(c: Context<AppEnv>): boolean {
  return isStaff(c.get("user")?.role);
}
