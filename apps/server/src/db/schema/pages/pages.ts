import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";

/*
 * Static pages (issue 41), served at /{slug}: About, Contact, Terms, Privacy… The body is the
 * same sanitised HTML as a post's. A parent only groups pages in the admin (and keeps an
 * imported site's hierarchy); the address stays /{slug}.
 */
export const pages = pgTable(
  "pages",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    parentId: uuid("parent_id").references((): AnyPgColumn => pages.id, { onDelete: "set null" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The title and description search engines and shares show; "" uses the page's own. */
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    /** Under the title, and the description when metaDescription is "" (docs/product/pages.md). */
    excerpt: text("excerpt").notNull().default(""),
    /** The image of shares and the address search engines credit; "" for none and the page's own. */
    socialImage: text("social_image").notNull().default(""),
    canonicalUrl: text("canonical_url").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("pages_not_own_parent", sql`${table.parentId} is null or ${table.parentId} <> ${table.id}`),
    index("pages_parent_id_idx").on(table.parentId),
  ],
);
