import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, tsvector, updatedAt } from "../columns";
import { categories } from "./categories";
import { types } from "./types";

/** When a post went out: published_at, or created_at for posts published before that column was set. */
function publishedTime(table: { publishedAt: AnyPgColumn; createdAt: AnyPgColumn }) {
  return sql`coalesce(${table.publishedAt}, ${table.createdAt})`;
}

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
    /** A standfirst for lists, shares and search engines; "" uses the body's opening (issue 41). */
    excerpt: text("excerpt").notNull().default(""),
    /** The title and description search engines and shares show; "" uses the post's own. */
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    /** The image of shares and the page the story first ran on; "" uses the post's own (issue 43). */
    socialImage: text("social_image").notNull().default(""),
    canonicalUrl: text("canonical_url").notNull().default(""),
    /** Pinned by an editor (an imported sticky post, issue 41). */
    isFeatured: boolean("is_featured").notNull().default(false),
    sku: text("sku").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    typeId: uuid("type_id").references(() => types.id, { onDelete: "restrict" }),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** The description (alt text) of each image, by position; "" where none was given. */
    imageAlts: text("image_alts").array().notNull().default(sql`'{}'::text[]`),
    minuteRead: integer("minute_read").notNull().default(1),
    views: bigint("views", { mode: "number" }).notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    shareCount: integer("share_count").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** A draft set to go live at this time (issue 15); null once published or unscheduled. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** An editor's correction note, shown under the article (issue 15); "" when none. */
    correction: text("correction").notNull().default(""),
    correctedAt: timestamp("corrected_at", { withTimezone: true }),
    /** SHA-256 of the draft's secret preview link (issue 15); null when it has none. */
    previewTokenHash: text("preview_token_hash").unique(),
    /** Bumped by every save, so a save made from an older copy is refused (issue 43, decision 076). */
    version: integer("version").notNull().default(1),
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
    check("posts_image_alts_max_5", sql`cardinality(${table.imageAlts}) <= 5`),
    check(
      "posts_counters_non_negative",
      sql`${table.views} >= 0 and ${table.likeCount} >= 0 and ${table.commentCount} >= 0`,
    ),
    /*
     * The id ends each list index because lists break ties on it: the index then gives the whole order.
     * Ascending on purpose: read backwards, an ascending index gives `desc` (NULLS FIRST, PostgreSQL's
     * default), which a `desc` index (NULLS LAST) cannot, so one index serves both directions.
     */
    index("posts_published_created_idx").on(table.isPublished, table.createdAt, table.id),
    // The publishing job looks for the scheduled drafts that are due: few rows, a small index.
    index("posts_scheduled_idx").on(table.scheduledAt).where(sql`${table.scheduledAt} is not null`),
    index("posts_category_published_created_idx").on(table.categoryId, table.isPublished, table.createdAt, table.id),
    index("posts_type_published_created_idx").on(table.typeId, table.isPublished, table.createdAt, table.id),
    // A type's page names its category too: its total and its deep pages come from this index alone (decision 086).
    index("posts_type_published_category_created_idx").on(
      table.typeId,
      table.isPublished,
      table.categoryId,
      table.createdAt,
      table.id,
    ),
    // The admin list shows drafts too: newest or oldest first across both.
    index("posts_created_idx").on(table.createdAt, table.id),
    // Most read: views, then publication time, then id.
    index("posts_published_views_idx").on(table.isPublished, table.views, publishedTime(table), table.id),
    // RSS, In Case You Missed It and the other lists by publication time.
    index("posts_published_time_idx").on(table.isPublished, publishedTime(table), table.id),
    // Related (same type, same category) and Up next (same category) by publication time.
    index("posts_category_published_time_idx").on(table.categoryId, table.isPublished, publishedTime(table), table.id),
    index("posts_type_published_time_idx").on(table.typeId, table.isPublished, publishedTime(table), table.id),
    // A–Z and Z–A sort case-insensitively.
    index("posts_published_title_idx").on(table.isPublished, sql`lower(${table.title})`, table.id),
    // Search matches titles by substring (ILIKE '%…%'), which only a trigram index can answer.
    index("posts_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    /*
     * An author's posts newest (or oldest) first at any depth, and the users' foreign key (decision
     * 090). Publication is last, as in post_tags_tag_created_idx: staff's lists share the order.
     */
    index("posts_author_created_idx").on(table.authorId, table.createdAt, table.id, table.isPublished),
    index("posts_search_idx").using("gin", table.search),
  ],
);
