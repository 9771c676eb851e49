import { htmlToText } from "@broadsheet/domain";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, posts } from "../db/schema";

/* What /rss.xml and /sitemap.xml list (DESIGN.md §7): published posts only, never drafts. */

export const FEED_SIZE = 50;
export const FEED_EXCERPT_LENGTH = 200;
// The sitemap protocol's limit per file.
const SITEMAP_MAX_POSTS = 49_000;

export interface FeedItem {
  title: string;
  slug: string;
  category: string;
  /** Plain text, at most FEED_EXCERPT_LENGTH characters. */
  excerpt: string;
  publishedAt: Date;
}

export interface SitemapData {
  categories: string[];
  posts: { slug: string; lastModified: Date }[];
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Turns the character references of sanitised HTML back into characters (the feed escapes them again). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The visible text of a post body, cut at a word to at most `max` characters with "…" when longer. */
export function plainTextExcerpt(html: string, max = FEED_EXCERPT_LENGTH): string {
  const text = decodeEntities(htmlToText(html)).replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function createSyndicationService(db: Database) {
  const publishedAt = sql<Date>`coalesce(${posts.publishedAt}, ${posts.createdAt})`.mapWith(posts.createdAt);

  return {
    /** The latest published posts, newest first by publication time. */
    async latestPosts(limit = FEED_SIZE): Promise<FeedItem[]> {
      const rows = await db
        .select({
          title: posts.title,
          slug: posts.slug,
          content: posts.content,
          category: categories.name,
          publishedAt,
        })
        .from(posts)
        .innerJoin(categories, eq(categories.id, posts.categoryId))
        .where(eq(posts.isPublished, true))
        .orderBy(desc(publishedAt), desc(posts.id))
        .limit(limit);
      return rows.map((row) => ({
        title: row.title,
        slug: row.slug,
        category: row.category,
        excerpt: plainTextExcerpt(row.content),
        publishedAt: row.publishedAt,
      }));
    },

    /** Every category name and every published post with its last change. */
    async sitemap(): Promise<SitemapData> {
      const [categoryRows, postRows] = await Promise.all([
        db.select({ name: categories.name }).from(categories).orderBy(asc(categories.name)),
        db
          .select({ slug: posts.slug, lastModified: posts.updatedAt })
          .from(posts)
          .where(eq(posts.isPublished, true))
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(SITEMAP_MAX_POSTS),
      ]);
      return { categories: categoryRows.map((row) => row.name), posts: postRows };
    },
  };
}

export type SyndicationService = ReturnType<typeof createSyndicationService>;
