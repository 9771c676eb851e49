import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { createdAt, id, tsvector, updatedAt } from "./columns";
import { types } from "./types";
import { users } from "./users";

/*
 * Counters (views, like_count, comment_count, share_count) are kept on the row so lists
 * never count; they are only ever changed by `col = col + n` in SQL, never read-modify-write.
 */
export const posts = pgTable(
  "posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    link: text("link").notNull().default(""),
    sku: text("sku").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    typeId: uuid("type_id").references(() => types.id, { onDelete: "restrict" }),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    minuteRead: integer("minute_read").notNull().default(1),
    views: bigint("views", { mode: "number" }).notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    shareCount: integer("share_count").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B')`,
      ),
  },
  (table) => [
    check("posts_images_max_5", sql`cardinality(${table.images}) <= 5`),
    check(
      "posts_counters_non_negative",
      sql`${table.views} >= 0 and ${table.likeCount} >= 0 and ${table.commentCount} >= 0`,
    ),
    // The id ends each list index because lists break ties on it: the index then gives the whole order.
    index("posts_published_created_idx").on(table.isPublished, table.createdAt.desc(), table.id.desc()),
    index("posts_category_published_created_idx").on(
      table.categoryId,
      table.isPublished,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("posts_type_published_created_idx").on(
      table.typeId,
      table.isPublished,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("posts_published_views_idx").on(table.isPublished, table.views.desc()),
    index("posts_published_title_idx").on(table.isPublished, table.title),
    index("posts_author_id_idx").on(table.authorId),
    index("posts_search_idx").using("gin", table.search),
  ],
);
