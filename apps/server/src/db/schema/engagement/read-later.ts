import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt } from "../columns";
import { posts } from "../posts/posts";

/** A reader's Read Later list ("wishlist" in the API's paths): one entry per user per post. */
export const readLater = pgTable(
  "read_later",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.postId] }),
    // Ascending: read backwards it gives `created_at desc` (see posts.ts).
    index("read_later_user_created_idx").on(table.userId, table.createdAt),
    index("read_later_post_id_idx").on(table.postId),
  ],
);
