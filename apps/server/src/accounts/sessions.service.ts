import { and, eq, gt, lt, ne } from "drizzle-orm";
import { type Caches, sessionTag, userTag, type ViewerCache } from "../caching";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { createToken, hashToken } from "./tokens";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session ends this long after login (a stolen cookie does not live for ever). */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
// Sliding expiry is renewed at most this often, so reading pages does not write on every request.
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

interface LiveSession {
  user: SessionUser;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Sessions live in the database; a live one is also kept in the viewer cache, so a
 * logged-in page does not look it up on every request. Ending a session and every write
 * to its user (users.service) forget it on every instance.
 */
export function createSessionsService(db: Database, viewers: ViewerCache, caches: Caches) {
  async function findLiveSession(tokenHash: string): Promise<LiveSession | null> {
    const [row] = await db
      .select({ user: users, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row ?? null;
  }

  return {
    /** Starts a session; the returned token goes in the cookie, only its hash is stored. */
    async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = createToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /** The user of a live session, renewing its 30-day expiry when it is a day old, up to its maximum age. */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const tokenHash = hashToken(token);
      // Unknown tokens are not kept: made-up cookies must not push real sessions out.
      const session = await viewers.get(
        sessionTag(tokenHash),
        () => findLiveSession(tokenHash),
        (found) => (found ? [sessionTag(tokenHash), userTag(found.user.id)] : null),
      );
      const now = Date.now();
      const endOfLife = session ? session.createdAt.getTime() + SESSION_MAX_AGE_MS : 0;
      if (!session || session.expiresAt.getTime() <= now || endOfLife <= now) return null;
      const renewed = Math.min(now + SESSION_TTL_MS, endOfLife);
      if (renewed - session.expiresAt.getTime() > RENEW_AFTER_MS) {
        await db
          .update(sessions)
          .set({ expiresAt: new Date(renewed) })
          .where(eq(sessions.tokenHash, tokenHash));
        await caches.changed([sessionTag(tokenHash)]);
      }
      return session.user;
    },

    async endSession(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await caches.changed([sessionTag(tokenHash)]);
    },

    /** Ends every session of a user, except the one whose token is given. */
    async endUserSessions(userId: string, exceptToken?: string): Promise<void> {
      const condition = exceptToken
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(exceptToken)))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
      await caches.changed([userTag(userId)]);
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
