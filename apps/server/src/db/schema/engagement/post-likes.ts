import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt } from "../columns";
import { posts } from "../posts/posts";

/** One like per user per post: the primary key is the rule. */
export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] }), index("post_likes_user_id_idx").on(table.userId)],
);
