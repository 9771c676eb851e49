import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { posts } from "../posts/posts";

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    text: text("text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("reviews_post_user_unique").on(table.postId, table.userId),
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    // Ascending: read backwards it gives `created_at desc, id desc` (see posts.ts).
    index("reviews_post_created_idx").on(table.postId, table.createdAt, table.id),
    index("reviews_user_id_idx").on(table.userId),
  ],
);
