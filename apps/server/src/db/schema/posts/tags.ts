import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";
import { posts } from "./posts";

/** Free-form labels on posts (issue 41): any number per post, created as editors type them. */
export const tags = pgTable(
  "tags",
  {
    id: id(),
    name: text("name").notNull(),
    /** The tag page's address, /tag/{slug}: from the name, unique. */
    slug: text("slug").notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("tags_name_lower_unique").on(sql`lower(${table.name})`)],
);

/** Which tags a post carries, in the order the editor gave them. */
export const postTags = pgTable(
  "post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /*
     * Copies of the post's posts.created_at and posts.is_published, so a tag's page is read in
     * date order from one index (decision 090). Written only by the database's triggers (migration
     * 0032): on every insert here and every change of the post's own columns; the defaults are
     * never kept.
     */
    postCreatedAt: timestamp("post_created_at", { withTimezone: true }).notNull().defaultNow(),
    postIsPublished: boolean("post_is_published").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tagId] }),
    /*
     * A tag's posts newest (or oldest) first, from the index alone: its lists' pages and totals,
     * and the post ids a search naming the tag reads (decision 086). Publication is last so that
     * staff, who see drafts too, get the same order; readers' pages skip the few drafts in it.
     */
    index("post_tags_tag_created_idx").on(table.tagId, table.postCreatedAt, table.postId, table.postIsPublished),
  ],
);
