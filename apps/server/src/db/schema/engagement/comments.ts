import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id } from "../columns";
import { posts } from "../posts/posts";

/** Plain-text comments; a deleted user leaves the comment as "Anonymous". */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown for a comment without an account (an imported site's commenters); "" otherwise. */
    authorName: text("author_name").notNull().default(""),
    /** The comment this one answers (threads imported from WordPress); null for a top-level one. */
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** approved: shown to everyone and counted; pending (held for review) and spam: its author and staff only. */
    status: text("status").notNull().default("approved"),
    createdAt: createdAt(),
  },
  (table) => [
    check("comments_status_check", sql`${table.status} in ('approved', 'pending', 'spam')`),
    index("comments_status_created_idx").on(table.status, table.createdAt, table.id),
    // Ascending: read backwards they give `created_at desc, id desc` (see posts.ts).
    index("comments_post_created_idx").on(table.postId, table.createdAt, table.id),
    index("comments_created_idx").on(table.createdAt, table.id),
    index("comments_user_id_idx").on(table.userId),
    index("comments_parent_id_idx").on(table.parentId),
  ],
);

/** A reader's report of a comment, once per reader (docs/product/moderation.md). */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);
