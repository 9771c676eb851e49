import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts/users";
import { bytea, createdAt } from "./columns";

/** Uploaded images, re-encoded; the key is the SHA-256 of the stored bytes, so a file is stored once. */
export const media = pgTable("media", {
  key: text("key").primaryKey(),
  mime: text("mime").notNull(),
  size: integer("size").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
