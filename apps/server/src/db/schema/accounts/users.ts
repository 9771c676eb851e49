import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "editor", "admin"] })
      .notNull()
      .default("user"),
    phone: text("phone").notNull().default(""),
    photo: text("photo").notNull().default(""),
    address: text("address").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default(""),
    /** The author page's address, /author/{slug}: from the name, unique. */
    slug: text("slug").notNull(),
    /** A staff member's short biography, shown on their author page. */
    bio: text("bio").notNull().default(""),
    /** Two-factor sign-in (issue 15): the TOTP secret (base32) once turned on, else null. */
    totpSecret: text("totp_secret"),
    /** A secret being set up: it becomes totp_secret when the user proves their app has it. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last time step a code was accepted for, so a code works once. */
    totpLastStep: integer("totp_last_step"),
    /** SHA-256 of each unused recovery code. */
    recoveryCodeHashes: text("recovery_code_hashes").array().notNull().default(sql`'{}'::text[]`),
    /** Set when staff blocked this reader: their new comments and reviews are refused. */
    commentsBlockedAt: timestamp("comments_blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_slug_unique").on(table.slug),
    // Ascending: read backwards it gives `created_at desc, id desc` (see posts.ts).
    index("users_created_at_idx").on(table.createdAt, table.id),
    check("users_role_check", sql`${table.role} in ('user', 'editor', 'admin')`),
  ],
);
