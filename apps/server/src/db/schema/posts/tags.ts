import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tagId] }),
    // With the post ids in it, a search naming a tag reads the tag's posts from the index alone (decision 086).
    index("post_tags_tag_id_post_id_idx").on(table.tagId, table.postId),
  ],
);
