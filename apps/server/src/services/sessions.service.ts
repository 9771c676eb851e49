import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { createToken, hashToken } from "./tokens";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is renewed at most this often, so reading pages does not write on every request.
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export function createSessionsService(db: Database) {
  return {
    /** Starts a session; the returned token goes in the cookie, only its hash is stored. */
    async createSession(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = createToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /** The user of a live session, renewing its 30-day expiry when it is a day old. */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - RENEW_AFTER_MS) {
        await db
          .update(sessions)
          .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return row.user;
    },

    async endSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Ends every session of a user, except the one whose token is given. */
    async endUserSessions(userId: string, exceptToken?: string): Promise<void> {
      const condition = exceptToken
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(exceptToken)))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },

    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
