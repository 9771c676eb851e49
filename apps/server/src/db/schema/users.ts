import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

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
