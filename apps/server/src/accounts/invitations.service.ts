import {
  type AcceptInvitationInput,
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InviteInput,
  isUuid,
  normalizeEmail,
} from "@broadsheet/domain";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { invitations, users as usersTable } from "../db/schema";
import { conflict, invalid, notFound } from "../errors";
import type { Logger } from "../logger";
import { escapeHtml, type MailService } from "../mail";
import type { SessionsService, SessionUser } from "./sessions.service";
import { createToken, hashToken } from "./tokens";
import type { UsersService } from "./users.service";

/*
 * Invitations to join the staff (docs/product/staff.md): an admin names an address and a role,
 * the address gets a one-time link valid 7 days, and following it creates the account with
 * that role. Only the token's hash is stored; resending makes a new token.
 */

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
type Row = typeof invitations.$inferSelect;

export function createInvitationsService(deps: {
  db: Database;
  users: UsersService;
  sessions: SessionsService;
  mail: MailService;
  publicUrl: string;
  siteName: () => Promise<string>;
  logger: Logger;
}) {
  const { db, users, sessions, mail, publicUrl, logger } = deps;

  /** Neither accepted nor revoked (it may have expired: resending renews it). */
  const open = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
  const pending = () => and(open(), gt(invitations.expiresAt, new Date()));

  function toJson(row: Row, invitedBy: string): Invitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      invitedBy,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** Revokes an open invitation; a 404 when there is none of that id. */
  async function revokeOpen(id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound(INVITATION_MESSAGES.notFound);
    const [row] = await db
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.id, id), open()))
      .returning();
    if (!row) throw notFound(INVITATION_MESSAGES.notFound);
    return row;
  }

  async function mailLink(row: Row, token: string, inviter: string): Promise<void> {
    const site = await deps.siteName();
    const link = `${publicUrl}/invite/${token}`;
    const role = row.role === "user" ? "a reader" : `an ${row.role}`;
    const expires = row.expiresAt.toUTCString();
    try {
      await mail.sendMail({
        to: row.email,
        subject: `You are invited to join ${site}`,
        text: `${inviter || "An admin"} invited you to join ${site} as ${role}.\n\nTo accept, open this link and choose your name and password (it works once, until ${expires}):\n\n${link}\n\nIf you did not expect this, ignore this mail.\n`,
        html: `<p>${escapeHtml(inviter || "An admin")} invited you to join ${escapeHtml(site)} as ${role}.</p><p>To accept, open this link and choose your name and password (it works once, until ${expires}):</p><p><a href="${link}">Accept the invitation</a></p><p>If you did not expect this, ignore this mail.</p>`,
      });
    } catch (error) {
      // The invitation stands: the admin can send it again from the Users screen.
      logger.warn({ err: error, invitation: row.id }, "invitation: the mail could not be sent");
    }
  }

  async function issue(values: { email: string; role: Row["role"]; invitedBy: string | null }, inviter: string) {
    const token = createToken();
    const [row] = await db
      .insert(invitations)
      .values({ ...values, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TTL_MS) })
      .returning();
    if (!row) throw new Error("invitation not inserted");
    await mailLink(row, token, inviter);
    return row;
  }

  async function revokeOpenTo(email: string): Promise<void> {
    await db
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(invitations.email, email), open()));
  }

  return {
    /** Mails a new invitation; one to the same address still pending is replaced. */
    async invite(input: InviteInput, by: SessionUser): Promise<Invitation> {
      const email = normalizeEmail(input.email);
      if (await users.findByEmail(email)) throw conflict(INVITATION_MESSAGES.accountExists);
      await revokeOpenTo(email);
      return toJson(await issue({ email, role: input.role, invitedBy: by.id }, by.name), by.name);
    },

    async listPending(): Promise<Invitation[]> {
      const rows = await db
        .select({ invitation: invitations, inviter: usersTable.name })
        .from(invitations)
        .leftJoin(usersTable, eq(usersTable.id, invitations.invitedBy))
        .where(pending())
        .orderBy(desc(invitations.createdAt));
      return rows.map((row) => toJson(row.invitation, row.inviter ?? ""));
    },

    /** A new link for a pending (or expired) invitation; the old link stops working. */
    async resend(id: string, by: SessionUser): Promise<Invitation> {
      const old = await revokeOpen(id);
      return toJson(await issue({ email: old.email, role: old.role, invitedBy: by.id }, by.name), by.name);
    },

    async revoke(id: string): Promise<void> {
      await revokeOpen(id);
    },

    /** Spends the token once and creates the account with the invitation's role, signed in. */
    async accept(token: string, input: AcceptInvitationInput) {
      const [row] = await db
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(invitations.tokenHash, hashToken(token)), pending()))
        .returning();
      if (!row) throw invalid(INVITATION_MESSAGES.invalid);
      let user: SessionUser;
      try {
        user = await users.register({ name: input.name, email: row.email, password: input.password }, row.role);
      } catch (error) {
        // The address registered in the meantime: the link stays usable for nothing else.
        await db.update(invitations).set({ acceptedAt: null }).where(eq(invitations.id, row.id));
        throw error;
      }
      return { user, session: await sessions.createSession(user.id) };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
