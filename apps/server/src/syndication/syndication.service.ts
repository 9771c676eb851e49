import { authorPath, categoryPath, htmlToText, normalizeSlug, pagePath, postPath, tagPath } from "@broadsheet/domain";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ReadCache } from "../caching";
import { CATEGORY_LISTS, PAGE_LISTS, POST_LISTS, SETTINGS_TAG, TAG_LISTS } from "../caching";
import type { Database } from "../db/client";
import {
  categories,
  media,
  pages,
  posts,
  postTags,
  sitemapListings,
  siteSettings,
  tags,
  types,
  users,
} from "../db/schema";
import { coauthorsOfPost, sanitizeRichText } from "../posts";
import { absoluteFeedHtml } from "./feed-content";
import { createSitemapPostFiles, type PostsFile, publishedTime } from "./sitemap-post-files";

/*
 * What /rss.xml and /sitemap.xml list (docs/product.md#12-quality-bar): published posts only, never drafts.
 * Both come from the read cache, which every content write clears on every instance, so a
 * crawler hitting them costs no query until something changes (or the entry expires).
 *
 * A sitemap file may list at most 50,000 URLs (sitemaps.org). Below that /sitemap.xml is
 * one <urlset>; past it, a <sitemapindex> of child files: sitemap-pages-N.xml (the static
 * pages and categories) and sitemap-posts-N.xml (posts, newest first: sitemap-posts-1.xml the
 * newest). The files of posts are kept ranges of (publication time, id) with their counts and
 * newest updates (sitemap-post-files.ts): the index reads them, and each file reads its range.
 */

export const FEED_SIZE = 50;
/** Google News lists only what went out in the last two days, at most 1,000 URLs a file. */
export const NEWS_SITEMAP_HOURS = 48;
export const NEWS_SITEMAP_MAX_URLS = 1000;
export const FEED_EXCERPT_LENGTH = 200;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/**
 * Past that, a file of posts holds fewer (decision 091): each URL costs the server about 20 µs
 * to read, write out, tag and compress, and a file is answered anew after every write to it.
 */
export const SITEMAP_POSTS_PER_FILE = 2_000;

/** A feed's channel: the whole site's, or one category's. */
export interface FeedChannel {
  /** The category's name, or null for the whole site. */
  category: string | null;
  /** The type's name when the feed is one type's within its category. */
  type: string | null;
  /** The tag's name when the feed is one tag's. */
  tag: string | null;
  items: FeedItem[];
  /** The newest change it shows: its posts' updates, and the settings its title names. */
  lastModified: Date;
}

export interface FeedItem {
  title: string;
  slug: string;
  category: string;
  /** Plain text, at most FEED_EXCERPT_LENGTH characters. */
  excerpt: string;
  /** The whole body, sanitised, its links and images absolute. */
  contentHtml: string;
  /** Every byline, the primary first (docs/product/bylines.md). */
  authors: { name: string; slug: string }[];
  /** The lead image; its type and size in bytes only when it is a file stored here. */
  image: FeedImage | null;
  publishedAt: Date;
  updatedAt: Date;
}

export interface FeedImage {
  /** Absolute. */
  url: string;
  stored: { mime: string; bytes: number; width: number; height: number } | null;
}

/** One <url> of the Google News sitemap. */
export interface NewsSitemapItem {
  slug: string;
  title: string;
  publishedAt: Date;
  updatedAt: Date;
}

/** One <url> of a sitemap: a path below the public URL. */
export interface SitemapUrl {
  path: string;
  /** The newest change that shows on the page. */
  lastModified: Date;
}

export type SitemapSection = "pages" | "posts";

/** One child file of a sitemap index: /sitemap-<section>-<number>.xml. */
export interface SitemapFile {
  section: SitemapSection;
  number: number;
  /** The latest change of what it lists. */
  lastModified: Date;
}

/** What /sitemap.xml answers: every URL, or, past the per-file limit, the index of the child files. */
export type Sitemap = ({ kind: "urlset"; urls: SitemapUrl[] } | { kind: "index"; files: SitemapFile[] }) & {
  /** The newest lastmod it lists. */
  lastModified: Date;
};

export interface SyndicationOptions {
  /** The site's public address: feed content carries absolute links. */
  publicUrl?: string;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests use a handful). */
  sitemapUrlsPerFile?: number;
}

/** What the sitemap answers are made of; cached as one value, so each answer is the same object until a write. */
interface SitemapLayout {
  sitemap: Sitemap;
  /** Past the per-file limit: the URLs of each sitemap-pages-N.xml. */
  pageFiles: SitemapUrl[][];
  /** And the files of posts, oldest first (sitemap-posts-1.xml is the last). */
  postFiles: PostsFile[];
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

const newest = (dates: Date[]): Date => new Date(Math.max(...dates.map((date) => date.getTime())));

type SitemapListingKind = (typeof sitemapListings.$inferSelect)["kind"];

// The key of a lead image stored here (/media/<sha-256>.<ext>), to join its media record.
const STORED_IMAGE_KEY = "^/media/([0-9a-f]{64})\\.\\w+$";

export function createSyndicationService(db: Database, reads: ReadCache, options: SyndicationOptions = {}) {
  const perFile = options.sitemapUrlsPerFile ?? SITEMAP_URLS_PER_FILE;
  if (!Number.isInteger(perFile) || perFile < 1) throw new Error("sitemapUrlsPerFile must be a positive integer");
  const base = (options.publicUrl ?? "").replace(/\/+$/, "");
  // Until an admin saves the settings, the configuration's defaults show: since this process started.
  const startedAt = new Date();
  const keptFiles = createSitemapPostFiles(db, Math.min(perFile, SITEMAP_POSTS_PER_FILE));
  const published = eq(posts.isPublished, true);

  const toUrls = (rows: { slug: string; lastModified: Date }[]): SitemapUrl[] =>
    rows.map((row) => ({ path: postPath(row.slug), lastModified: row.lastModified }));

  /** The newest `limit` published posts. */
  const newestPosts = (limit: number) =>
    db
      .select({ slug: posts.slug, lastModified: posts.updatedAt })
      .from(posts)
      .where(published)
      .orderBy(desc(publishedTime), desc(posts.id))
      .limit(limit);

  /** When an admin last saved the settings; null while the configuration's defaults hold. */
  async function settingsSavedAt(): Promise<Date | null> {
    const [settings] = await db.select({ updatedAt: siteSettings.updatedAt }).from(siteSettings);
    return settings?.updatedAt ?? null;
  }

  /** The newest update of each listing of `kind` with a published post, kept in sitemap_listings (decision 091). */
  const newestOf = (kind: SitemapListingKind) =>
    db
      .select({ key: sitemapListings.key, lastModified: sitemapListings.lastModified })
      .from(sitemapListings)
      .where(eq(sitemapListings.kind, kind))
      .then((rows) => new Map(rows.map((row) => [row.key, row.lastModified])));

  /*
   * The home page, the published static pages, categories, types and authors, each with the newest
   * change it shows. /search is left out: it is noindex, as are the account and admin pages.
   */
  async function loadPages(): Promise<SitemapUrl[]> {
    const [pageRows, categoryRows, typeRows, authorRows, byCategory, byType, tagRows, settingsSaved] =
      await Promise.all([
        db
          .select({ slug: pages.slug, updatedAt: pages.updatedAt })
          .from(pages)
          .where(eq(pages.isPublished, true))
          .orderBy(asc(pages.slug)),
        db
          .select({ id: categories.id, slug: categories.slug, createdAt: categories.createdAt })
          .from(categories)
          .orderBy(asc(categories.name)),
        db
          .select({ id: types.id, categorySlug: categories.slug, slug: types.slug, createdAt: types.createdAt })
          .from(types)
          .innerJoin(categories, eq(categories.id, types.categoryId))
          .orderBy(asc(categories.name), asc(types.name)),
        // Only those with a published post have an author page: it shows their newest, theirs or co-written.
        db
          .select({ slug: users.slug, lastModified: sitemapListings.lastModified })
          .from(sitemapListings)
          .innerJoin(users, eq(users.id, sitemapListings.key))
          .where(eq(sitemapListings.kind, "author"))
          .orderBy(asc(users.slug)),
        newestOf("category"),
        newestOf("type"),
        // Tags with a published post: a tag page with none is empty.
        db
          .select({ slug: tags.slug, lastModified: sitemapListings.lastModified })
          .from(sitemapListings)
          .innerJoin(tags, eq(tags.id, sitemapListings.key))
          .where(eq(sitemapListings.kind, "tag"))
          .orderBy(asc(tags.slug)),
        settingsSavedAt(),
      ]);
    // Every published post has a category: the newest of the categories' is the newest post's.
    const latest = byCategory.size > 0 ? newest([...byCategory.values()]) : null;
    return [
      // An empty home page shows only what the settings say.
      { path: "/", lastModified: latest ?? settingsSaved ?? startedAt },
      // A page may show the settings' name and contact details ([site-name]…): a later save changes it too.
      ...pageRows.map((row) => ({
        path: pagePath(row.slug),
        lastModified: newest([row.updatedAt, settingsSaved ?? row.updatedAt]),
      })),
      ...categoryRows.map((row) => ({
        path: categoryPath(row.slug),
        lastModified: byCategory.get(row.id) ?? row.createdAt,
      })),
      ...typeRows.map((row) => ({
        path: categoryPath(row.categorySlug, row.slug),
        lastModified: byType.get(row.id) ?? row.createdAt,
      })),
      ...authorRows.map((row) => ({ path: authorPath(row.slug), lastModified: row.lastModified })),
      ...tagRows.map((row) => ({ path: tagPath(row.slug), lastModified: row.lastModified })),
    ];
  }

  async function loadLayout(): Promise<SitemapLayout> {
    const [pages, kept] = await Promise.all([loadPages(), keptFiles.list()]);
    const postCount = kept.reduce((sum, file) => sum + file.posts, 0);
    if (pages.length + postCount <= perFile) {
      const urls = [...pages, ...toUrls(await newestPosts(perFile - pages.length))];
      const lastModified = newest(urls.map((url) => url.lastModified));
      return { sitemap: { kind: "urlset", urls, lastModified }, pageFiles: [], postFiles: [] };
    }
    const pageFiles: SitemapUrl[][] = [];
    for (let from = 0; from < pages.length; from += perFile) pageFiles.push(pages.slice(from, from + perFile));
    const listed = kept.filter((file) => file.posts > 0);
    const files: SitemapFile[] = [
      ...pageFiles.map(
        (urls, index): SitemapFile => ({
          section: "pages",
          number: index + 1,
          lastModified: newest(urls.map((url) => url.lastModified)),
        }),
      ),
      ...listed.toReversed().map(
        (file, index): SitemapFile => ({
          section: "posts",
          number: index + 1,
          lastModified: file.lastModified ?? startedAt,
        }),
      ),
    ];
    const lastModified = newest(files.map((file) => file.lastModified));
    return { sitemap: { kind: "index", files: files, lastModified }, pageFiles, postFiles: listed };
  }

  // Feeds and the sitemap list the published posts, pages, categories and tags; the sitemap's dates follow the settings too.
  const shows = () => [POST_LISTS, CATEGORY_LISTS, TAG_LISTS, PAGE_LISTS, SETTINGS_TAG];
  const layout = () => reads.get("syndication:sitemap", loadLayout, shows);

  const toFeedImage = (
    src: string | null,
    stored: { mime: string | null; bytes: number | null; width: number | null; height: number | null },
  ): FeedImage | null => {
    if (!src) return null;
    if (stored.mime !== null && stored.bytes !== null && stored.width !== null && stored.height !== null) {
      return {
        url: `${base}${src}`,
        stored: { mime: stored.mime, bytes: stored.bytes, width: stored.width, height: stored.height },
      };
    }
    // An image of another site: its size is not known here. A /media/ path without a file is no image at all.
    return /^https?:\/\//i.test(src) ? { url: src, stored: null } : null;
  };

  return {
    /** The latest published posts, newest first by publication time: of one category or tag (by slug) when given. */
    latestPosts(
      options: { limit?: number; categorySlug?: string; typeSlug?: string; tagSlug?: string } = {},
    ): Promise<FeedChannel | null> {
      const limit = options.limit ?? FEED_SIZE;
      const slug = options.categorySlug;
      const typeSlug = slug === undefined ? undefined : options.typeSlug;
      const tagSlug = options.tagSlug === undefined ? undefined : normalizeSlug(options.tagSlug);
      return reads.get(
        `syndication:rss:${limit}:${slug ?? ""}:${typeSlug ?? ""}:${tagSlug ?? ""}`,
        async () => {
          let category: { id: string; name: string } | undefined;
          let type: { id: string; name: string } | undefined;
          let tag: { id: string; name: string } | undefined;
          if (tagSlug !== undefined) {
            [tag] = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.slug, tagSlug));
            if (!tag) return null;
          }
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
          const leadImage = sql<string | null>`${posts.images}[1]`;
          const settingsSaved = settingsSavedAt();
          const rows = await db
            .select({
              title: posts.title,
              slug: posts.slug,
              content: posts.content,
              category: categories.name,
              authorName: users.name,
              authorSlug: users.slug,
              coauthors: coauthorsOfPost,
              image: leadImage,
              mime: media.mime,
              bytes: media.size,
              width: media.width,
              height: media.height,
              publishedAt: sql<Date>`${publishedTime}`.mapWith(posts.createdAt),
              updatedAt: posts.updatedAt,
              standfirst: posts.excerpt,
            })
            .from(posts)
            .innerJoin(categories, eq(categories.id, posts.categoryId))
            .leftJoin(users, eq(users.id, posts.authorId))
            .leftJoin(media, sql`${media.key} = substring(${leadImage} from ${STORED_IMAGE_KEY})`)
            .where(
              and(
                published,
                // A type is within its category: naming both hid the type's date index from the planner,
                // which sorted all the type's posts (0.6 s of PostgreSQL at 60,000 posts).
                type ? eq(posts.typeId, type.id) : category ? eq(posts.categoryId, category.id) : undefined,
                tag
                  ? inArray(
                      posts.id,
                      db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tag.id)),
                    )
                  : undefined,
              ),
            )
            .orderBy(desc(publishedTime), desc(posts.id))
            .limit(limit);
          const items = rows.map(
            (row): FeedItem => ({
              title: row.title,
              slug: row.slug,
              category: row.category,
              excerpt: row.standfirst || plainTextExcerpt(row.content),
              // Sanitised again: the feed is read outside the site's own page and its CSP.
              contentHtml: absoluteFeedHtml(sanitizeRichText(row.content), `${base}${postPath(row.slug)}`),
              authors: [
                ...(row.authorName !== null && row.authorSlug !== null
                  ? [{ name: row.authorName, slug: row.authorSlug }]
                  : []),
                ...row.coauthors,
              ],
              image: toFeedImage(row.image, row),
              publishedAt: row.publishedAt,
              updatedAt: row.updatedAt,
            }),
          );
          const saved = await settingsSaved;
          const lastModified = newest([
            ...items.map((item) => item.updatedAt),
            ...(saved ? [saved] : []),
            ...(items.length === 0 && !saved ? [startedAt] : []),
          ]);
          return {
            category: category?.name ?? null,
            type: type?.name ?? null,
            tag: tag?.name ?? null,
            items,
            lastModified,
          };
        },
        shows,
      );
    },

    /** Published posts that went out in the last NEWS_SITEMAP_HOURS, newest first (the Google News sitemap). */
    newsSitemap(): Promise<NewsSitemapItem[]> {
      // The read cache's entries expire within seconds, so the 48-hour window moves on without a write.
      return reads.get(
        "syndication:news",
        () =>
          db
            .select({
              slug: posts.slug,
              title: posts.title,
              publishedAt: sql<Date>`${publishedTime}`.mapWith(posts.createdAt),
              updatedAt: posts.updatedAt,
            })
            .from(posts)
            .where(and(published, sql`${publishedTime} >= now() - make_interval(hours => ${NEWS_SITEMAP_HOURS})`))
            .orderBy(desc(publishedTime), desc(posts.id))
            .limit(NEWS_SITEMAP_MAX_URLS),
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
      // Numbered newest first; each file ends where its newer neighbour starts.
      const at = postFiles.length - number;
      const file = postFiles[at];
      if (!file) return null;
      const next = postFiles[at + 1];
      return reads.get(
        `syndication:sitemap:posts:${file.time}:${file.id}:${next?.time ?? ""}:${next?.id ?? ""}`,
        async () => toUrls(await keptFiles.postsOf(file, next)),
        shows,
      );
    },
  };
}

export type SyndicationService = ReturnType<typeof createSyndicationService>;
