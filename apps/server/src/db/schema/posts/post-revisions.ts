import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { id } from "../columns";
import { categories } from "./categories";
import { posts } from "./posts";
import { types } from "./types";

/*
 * Every save of a post, as it was saved (issue 15): what editors compare and restore. The
 * category and type are kept by id and by name, so a revision still reads after a rename.
 * An autosave (issue 43) is the editor's unsaved text, one per editor and post, dropped
 * when that editor saves the post.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    link: text("link").notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    imageAlts: text("image_alts").array().notNull().default(sql`'{}'::text[]`),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    categoryName: text("category_name").notNull(),
    typeId: uuid("type_id").references(() => types.id, { onDelete: "set null" }),
    typeName: text("type_name").notNull().default(""),
    /** Who saved it; null once their account is gone. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<"save" | "autosave">().notNull().default("save"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("post_revisions_post_created_idx").on(table.postId, table.createdAt),
    check("post_revisions_kind_check", sql`${table.kind} in ('save', 'autosave')`),
  ],
);
