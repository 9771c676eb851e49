import { date, index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { posts } from "../posts/posts";

/** Per-post, per-day counts for Trendy, Hot and the admin analytics. */
export const postDailyStats = pgTable(
  "post_daily_stats",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    shares: integer("shares").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postId, table.day] }), index("post_daily_stats_day_idx").on(table.day)],
);
