import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";
import { posts } from "../posts/posts";

export const shares = pgTable(
  "shares",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: ["facebook", "x", "whatsapp", "linkedin", "copy"] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("shares_platform_check", sql`${table.platform} in ('facebook', 'x', 'whatsapp', 'linkedin', 'copy')`),
    index("shares_post_id_idx").on(table.postId),
    index("shares_created_idx").on(table.createdAt.desc()),
  ],
);
