import { ACCOUNT_MESSAGES } from "@broadsheet/domain";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { passwordResets } from "../db/schema";
import { invalid } from "../errors";
import { type JobQueue, queuedOrHere } from "../jobs";
import type { Logger } from "../logger";
import { escapeHtml, type MailService } from "../mail";
import type { SessionsService } from "./sessions.service";
import { createToken, hashToken } from "./tokens";
import type { UsersService } from "./users.service";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function createPasswordResetService(deps: {
  db: Database;
  users: UsersService;
  sessions: SessionsService;
  mail: MailService;
  jobs: Pick<JobQueue, "queuePasswordReset">;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, users, sessions, mail, jobs, publicUrl, logger } = deps;
  const background = queuedOrHere(logger, "could not send a password reset mail");

  const service = {
    /** Mails a single-use reset link when the account exists; callers answer the same either way. */
    async requestReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = createToken();
      await db.insert(passwordResets).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const link = `${publicUrl}/reset/${token}`;
      await mail.sendMail({
        to: user.email,
        subject: "Reset your Broadsheet password",
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Broadsheet account. To choose a new one, open this link within the next hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your Broadsheet account. To choose a new one, open this link within the next hour:</p><p><a href="${link}">Reset my password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
      });
    },

    /**
     * requestReset off the request path: the answer takes the same time whether or not the
     * account exists, and a slow mail server never holds the request. Where the job queue
     * runs, the address is queued, so the mail survives a restart and a mail server that is
     * down is retried; the token is made by the job, so none sits in the job table.
     */
    requestResetInBackground(email: string): void {
      background.start(
        () => jobs.queuePasswordReset(email),
        () => service.requestReset(email),
      );
    },

    /** Resolves once the mails asked for so far are sent (shutdown and tests). */
    settled: () => background.settled(),

    /** Every reset link of the user not yet used stops working (the password changed). */
    async voidResetTokens(userId: string): Promise<void> {
      await db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    /** Spends the token (once, atomically), sets the password and ends every session of the user and its other links; answers the user's id. */
    async resetPassword(token: string, password: string): Promise<string> {
      const [reset] = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!reset) throw invalid(ACCOUNT_MESSAGES.resetTokenInvalid);
      await users.setPassword(reset.userId, password);
      await Promise.all([sessions.endUserSessions(reset.userId), service.voidResetTokens(reset.userId)]);
      return reset.userId;
    },
  };
  return service;
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
