import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The sitemap's files of posts (decision 091): each lists the published posts from its start
 * (publication time, id; inclusive) to the next file's start, and keeps how many it lists and
 * the newest update among them. A trigger on posts (migration 0033) keeps both for every write
 * path; the syndication service splits a file grown past the per-file limit and joins files
 * that fit in one. The oldest file starts at -infinity, so every post falls in one.
 */
export const sitemapPostFiles = pgTable(
  "sitemap_post_files",
  {
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    startId: uuid("start_id").notNull(),
    posts: integer("posts").notNull().default(0),
    /** Null while the file lists nothing. */
    lastModified: timestamp("last_modified", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.startTime, table.startId] })],
);

/*
 * The newest update among the published posts of each listing the sitemap names (decision 091):
 * a category, a type, an author (their own posts and those they co-wrote) or a tag. A row
 * exists while the listing has a published post. Kept by triggers on posts, post_tags and
 * post_coauthors (migration 0033), so the sitemap's pages read it instead of grouping every post.
 */
export const sitemapListings = pgTable(
  "sitemap_listings",
  {
    kind: text("kind", { enum: ["category", "type", "author", "tag"] }).notNull(),
    key: uuid("key").notNull(),
    lastModified: timestamp("last_modified", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);
