import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";
import { users } from "./users";

/** Invitations to join the staff: the token stored hashed; one-time (accepted_at), revocable, 7 days. */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: ["user", "editor", "admin"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("invitations_email_idx").on(table.email)],
);
