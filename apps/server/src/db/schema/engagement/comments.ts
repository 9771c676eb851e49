import { type AnyPgColumn, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
    createdAt: createdAt(),
  },
  (table) => [
    // Ascending: read backwards they give `created_at desc, id desc` (see posts.ts).
    index("comments_post_created_idx").on(table.postId, table.createdAt, table.id),
    index("comments_created_idx").on(table.createdAt, table.id),
    index("comments_user_id_idx").on(table.userId),
    index("comments_parent_id_idx").on(table.parentId),
  ],
);
