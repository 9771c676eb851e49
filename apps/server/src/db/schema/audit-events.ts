import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";

/*
 * Who did what and when (issue 15). Append-only: the application never updates or deletes a
 * row, and a trigger (migration 0014) refuses both. The actor and target are copied, not
 * referenced, so the record outlives the account or post it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    action: text("action").notNull(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    targetName: text("target_name").notNull().default(""),
    clientAddress: text("client_address").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_events_created_idx").on(table.createdAt, table.id),
    index("audit_events_action_created_idx").on(table.action, table.createdAt),
  ],
);
