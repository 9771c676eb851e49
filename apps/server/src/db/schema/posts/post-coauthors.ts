import { index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { posts } from "./posts";

/*
 * The bylines after a post's author (issue 41 keeps the extra authors of a Ghost import here;
 * the co-author field of the editor builds on it). The author itself stays posts.author_id.
 */
export const postCoauthors = pgTable(
  "post_coauthors",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index("post_coauthors_user_id_idx").on(table.userId),
  ],
);
