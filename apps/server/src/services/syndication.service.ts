import { htmlToText } from "@broadsheet/domain";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, posts, types, users } from "../db/schema";
import { CATEGORY_LISTS, POST_LISTS } from "./content-changes";
import type { ReadCache } from "./read-cache";

/*
 * What /rss.xml and /sitemap.xml list (DESIGN.md §7): published posts only, never drafts.
 * Both come from the read cache, which every content write clears on every instance, so a
 * crawler hitting them costs no query until something changes (or the entry expires).
 *
 * A sitemap file may list at most 50,000 URLs (sitemaps.org). Below that /sitemap.xml is
 * one <urlset>; past it, a <sitemapindex> of child files: sitemap-pages-N.xml (the static
 * pages and categories) and sitemap-posts-N.xml (posts, newest first). Posts are paged by
 * keyset on (publication time, id), the order of posts_published_time_idx: building the
 * index finds where each file starts, and each file reads one index range from there.
 */

export const FEED_SIZE = 50;
export const FEED_EXCERPT_LENGTH = 200;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Static pages of SPEC.md §2 that a crawler should know about (category, type and author pages follow). */
export const SITEMAP_STATIC_PATHS = ["/", "/search", "/privacy-policy", "/terms"];

export const postPath = (slug: string) => `/page/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/category/${encodeURIComponent(slug)}`;
export const typePath = (categorySlug: string, typeSlug: string) =>
  `${categoryPath(categorySlug)}/${encodeURIComponent(typeSlug)}`;
export const authorPath = (slug: string) => `/author/${encodeURIComponent(slug)}`;

/** A feed's channel: the whole site's, or one category's. */
export interface FeedChannel {
  /** The category's name, or null for the whole site. */
  category: string | null;
  /** The type's name when the feed is one type's within its category. */
  type: string | null;
  items: FeedItem[];
}

export interface FeedItem {
  title: string;
  slug: string;
  category: string;
  /** Plain text, at most FEED_EXCERPT_LENGTH characters. */
  excerpt: string;
  publishedAt: Date;
}

/** One <url> of a sitemap: a path below the public URL. */
export interface SitemapUrl {
  path: string;
  lastModified?: Date;
}

export type SitemapSection = "pages" | "posts";

/** One child file of a sitemap index: /sitemap-<section>-<number>.xml. */
export interface SitemapFile {
  section: SitemapSection;
  number: number;
  /** The latest change of what it lists (posts only). */
  lastModified?: Date;
}

/** What /sitemap.xml answers: every URL, or, past the per-file limit, the index of the child files. */
export type Sitemap = { kind: "urlset"; urls: SitemapUrl[] } | { kind: "index"; files: SitemapFile[] };

export interface SyndicationOptions {
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests use a handful). */
  sitemapUrlsPerFile?: number;
}

/** Where a file of posts starts: the first post's publication time (exact, as PostgreSQL's text) and id. */
interface PostsFileStart {
  time: string;
  id: string;
  lastModified: Date;
}

/** What the sitemap answers are made of; cached as one value, so each answer is the same object until a write. */
interface SitemapLayout {
  sitemap: Sitemap;
  /** Past the per-file limit: the URLs of each sitemap-pages-N.xml. */
  pageFiles: SitemapUrl[][];
  /** And where each sitemap-posts-N.xml starts. */
  postFiles: PostsFileStart[];
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

export function createSyndicationService(db: Database, reads: ReadCache, options: SyndicationOptions = {}) {
  const perFile = options.sitemapUrlsPerFile ?? SITEMAP_URLS_PER_FILE;
  if (!Number.isInteger(perFile) || perFile < 1) throw new Error("sitemapUrlsPerFile must be a positive integer");
  const publishedTime = sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`;
  const published = eq(posts.isPublished, true);

  const toUrls = (rows: { slug: string; lastModified: Date }[]): SitemapUrl[] =>
    rows.map((row) => ({ path: postPath(row.slug), lastModified: row.lastModified }));

  /** Up to `limit` published posts, newest first, from `start` (inclusive) when given: one index range. */
  async function postsFrom(start: { time: string; id: string } | undefined, limit: number) {
    return db
      .select({ slug: posts.slug, lastModified: posts.updatedAt })
      .from(posts)
      .where(
        start
          ? and(published, sql`(${publishedTime}, ${posts.id}) <= (${start.time}::timestamptz, ${start.id}::uuid)`)
          : published,
      )
      .orderBy(desc(publishedTime), desc(posts.id))
      .limit(limit);
  }

  async function loadLayout(): Promise<SitemapLayout> {
    const [categoryRows, typeRows, authorRows, [total]] = await Promise.all([
      db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.name)),
      db
        .select({ categorySlug: categories.slug, slug: types.slug })
        .from(types)
        .innerJoin(categories, eq(categories.id, types.categoryId))
        .orderBy(asc(categories.name), asc(types.name)),
      // Only those with a published post have an author page.
      db
        .selectDistinct({ slug: users.slug })
        .from(users)
        .innerJoin(posts, and(eq(posts.authorId, users.id), published))
        .orderBy(asc(users.slug)),
      db.select({ posts: count() }).from(posts).where(published),
    ]);
    const pages: SitemapUrl[] = [
      ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
      ...categoryRows.map((row) => ({ path: categoryPath(row.slug) })),
      ...typeRows.map((row) => ({ path: typePath(row.categorySlug, row.slug) })),
      ...authorRows.map((row) => ({ path: authorPath(row.slug) })),
    ];
    const postCount = total?.posts ?? 0;
    if (pages.length + postCount <= perFile) {
      const urls = [...pages, ...toUrls(await postsFrom(undefined, perFile - pages.length))];
      return { sitemap: { kind: "urlset", urls }, pageFiles: [], postFiles: [] };
    }
    // One pass down posts_published_time_idx: every perFile-th post starts a file, whose lastmod
    // is the latest change among its posts. The start's time stays PostgreSQL's text: a
    // JavaScript Date would drop its microseconds, and the next file would skip that post.
    const starts = await db.execute(sql`
      select max(start_time) as time, max(start_id) as id,
             (extract(epoch from max(updated_at)) * 1000)::float8 as last_modified
      from (
        select place / ${perFile} as file, updated_at,
               case when place % ${perFile} = 0 then time::text end as start_time,
               case when place % ${perFile} = 0 then id::text end as start_id
        from (
          select ${publishedTime} as time, ${posts.id} as id, ${posts.updatedAt} as updated_at,
                 row_number() over (order by ${publishedTime} desc, ${posts.id} desc) - 1 as place
          from ${posts} where ${published}
        ) as listed
      ) as files
      group by file
      order by file`);
    const rows = (starts as unknown as { rows: { time: string; id: string; last_modified: number | string }[] }).rows;
    const postFiles = rows.map((row) => ({
      time: row.time,
      id: row.id,
      lastModified: new Date(Number(row.last_modified)),
    }));
    const pageFiles: SitemapUrl[][] = [];
    for (let from = 0; from < pages.length; from += perFile) pageFiles.push(pages.slice(from, from + perFile));
    const files: SitemapFile[] = [
      ...pageFiles.map((_, index): SitemapFile => ({ section: "pages", number: index + 1 })),
      ...postFiles.map(
        (file, index): SitemapFile => ({ section: "posts", number: index + 1, lastModified: file.lastModified }),
      ),
    ];
    return { sitemap: { kind: "index", files }, pageFiles, postFiles };
  }

  // Feeds and the sitemap list the published posts and the categories.
  const shows = () => [POST_LISTS, CATEGORY_LISTS];
  const layout = () => reads.get("syndication:sitemap", loadLayout, shows);

  return {
    /** The latest published posts, newest first by publication time: of one category (by slug) when given. */
    latestPosts(
      options: { limit?: number; categorySlug?: string; typeSlug?: string } = {},
    ): Promise<FeedChannel | null> {
      const limit = options.limit ?? FEED_SIZE;
      const slug = options.categorySlug;
      const typeSlug = slug === undefined ? undefined : options.typeSlug;
      return reads.get(
        `syndication:rss:${limit}:${slug ?? ""}:${typeSlug ?? ""}`,
        async () => {
          let category: { id: string; name: string } | undefined;
          let type: { id: string; name: string } | undefined;
          if (slug !== undefined) {
            [category] = await db
              .select({ id: categories.id, name: categories.name })
              .from(categories)
              .where(eq(categories.slug, slug));
            if (!category) return null;
          }
          if (category && typeSlug !== undefined) {
            [type] = await db
              .select({ id: types.id, name: types.name })
              .from(types)
              .where(and(eq(types.slug, typeSlug), eq(types.categoryId, category.id)));
            if (!type) return null;
          }
          const rows = await db
            .select({
              title: posts.title,
              slug: posts.slug,
              content: posts.content,
              category: categories.name,
              publishedAt: sql<Date>`${publishedTime}`.mapWith(posts.createdAt),
            })
            .from(posts)
            .innerJoin(categories, eq(categories.id, posts.categoryId))
            .where(
              and(
                published,
                category ? eq(posts.categoryId, category.id) : undefined,
                type ? eq(posts.typeId, type.id) : undefined,
              ),
            )
            .orderBy(desc(publishedTime), desc(posts.id))
            .limit(limit);
          const items = rows.map((row) => ({
            title: row.title,
            slug: row.slug,
            category: row.category,
            excerpt: plainTextExcerpt(row.content),
            publishedAt: row.publishedAt,
          }));
          return { category: category?.name ?? null, type: type?.name ?? null, items };
        },
        shows,
      );
    },

    /** The static pages, every category and every published post, or the index of the files that list them. */
    async sitemap(): Promise<Sitemap> {
      return (await layout()).sitemap;
    },

    /** The URLs of one child file of the sitemap index; null when there is no such file. */
    async sitemapFile(section: SitemapSection, number: number): Promise<SitemapUrl[] | null> {
      if (!Number.isSafeInteger(number) || number < 1) return null;
      const { pageFiles, postFiles } = await layout();
      if (section === "pages") return pageFiles[number - 1] ?? null;
      const start = postFiles[number - 1];
      if (!start) return null;
      return reads.get(
        `syndication:sitemap:posts:${start.time}:${start.id}`,
        async () => toUrls(await postsFrom(start, perFile)),
        shows,
      );
    },
  };
}

export type SyndicationService = ReturnType<typeof createSyndicationService>;
