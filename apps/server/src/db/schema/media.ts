import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts/users";
import { bytea, createdAt } from "./columns";

/** Uploaded images, re-encoded; the key is the SHA-256 of the stored bytes, so a file is stored once. */
export const media = pgTable(
  "media",
  {
    key: text("key").primaryKey(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Set once in Admin → Media; offered wherever the image is inserted. */
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    createdAt: createdAt(),
  },
  // Admin → Media lists the newest first.
  (table) => [index("media_created_idx").on(table.createdAt, table.key)],
);

/*
 * Where each stored image is used: kept by database triggers on posts, pages, adverts, the
 * settings and users (migration 0027), so every write path (editor, API, import) is covered.
 */
export const mediaUses = pgTable(
  "media_uses",
  {
    mediaKey: text("media_key")
      .notNull()
      .references(() => media.key, { onDelete: "cascade" }),
    /** post, page, advert, settings or user. */
    ownerType: text("owner_type").notNull(),
    ownerId: text("owner_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaKey, table.ownerType, table.ownerId] }),
    index("media_uses_owner_idx").on(table.ownerType, table.ownerId),
  ],
);
