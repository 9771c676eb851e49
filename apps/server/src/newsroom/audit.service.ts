import type { AuditAction, AuditEvent, AuditQuery, Page } from "@broadsheet/domain";
import { isUuid } from "@broadsheet/domain";
import { and, count, desc, eq, ilike, like, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { adverts, auditEvents, pages, polls, posts, users } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";

export interface AuditEntry {
  action: AuditAction;
  actor: { id: string | null; name: string; email: string };
  target?: { type: string; id: string; name: string };
  clientAddress: string;
}

const NAMED_TABLES = {
  post: { from: posts, id: posts.id, name: posts.title },
  page: { from: pages, id: pages.id, name: pages.title },
  poll: { from: polls, id: polls.id, name: polls.title },
  advert: { from: adverts, id: adverts.id, name: adverts.link },
};
export type AuditNamedType = keyof typeof NAMED_TABLES;

/** The audit log (issue 15): written by the HTTP layer after each audited change, read by admins. */
export function createAuditService(db: Database) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditEvents).values({
        action: entry.action,
        actorId: entry.actor.id,
        actorName: entry.actor.name,
        actorEmail: entry.actor.email,
        targetType: entry.target?.type ?? "",
        targetId: entry.target?.id ?? "",
        targetName: entry.target?.name ?? "",
        clientAddress: entry.clientAddress,
      });
    },

    /**
     * What a deleted or unpublished thing was called, read before the change: the log keeps
     * the title, not an id nobody can look up once the row is gone.
     */
    async nameOf(type: AuditNamedType, id: string): Promise<string> {
      if (!isUuid(id)) return "";
      const table = NAMED_TABLES[type];
      const [row] = await db.select({ name: table.name }).from(table.from).where(eq(table.id, id.toLowerCase()));
      return row?.name ?? "";
    },

    /** Whether a login attempt for `email` was a staff account's (failed staff logins are audited). */
    async staffAccount(email: string): Promise<{ id: string; name: string; email: string } | null> {
      const [user] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      return user && user.role !== "user" ? { id: user.id, name: user.name, email: user.email } : null;
    },

    async listEvents(query: AuditQuery): Promise<Page<AuditEvent>> {
      const conditions: (SQL | undefined)[] = [];
      const action = query.action.trim();
      if (action)
        conditions.push(or(eq(auditEvents.action, action), like(auditEvents.action, `${escapeLike(action)}.%`)));
      const actor = query.actor.trim();
      if (actor) {
        const pattern = `%${escapeLike(actor)}%`;
        conditions.push(
          or(
            isUuid(actor) ? eq(auditEvents.actorId, actor.toLowerCase()) : undefined,
            ilike(auditEvents.actorName, pattern),
            ilike(auditEvents.actorEmail, pattern),
          ),
        );
      }
      const where = and(...conditions);
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(auditEvents).where(where),
        (offset) =>
          db
            .select()
            .from(auditEvents)
            .where(where)
            .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
            .limit(query.limit)
            .offset(offset),
      );
      return {
        items: rows.map((row) => ({
          _id: row.id,
          action: row.action as AuditAction,
          actor: { _id: row.actorId, name: row.actorName, email: row.actorEmail },
          target: { type: row.targetType, _id: row.targetId, name: row.targetName },
          clientAddress: row.clientAddress,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
