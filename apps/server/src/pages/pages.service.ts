import {
  isReservedPageSlug,
  isUuid,
  normalizeSlug,
  PAGE_MESSAGES,
  type Page,
  type PageInput,
  pagePath,
  reservedSlugMessage,
  type SitePage,
  type SitePageListQuery,
  type SitePageSummary,
  slugify,
} from "@broadsheet/domain";
import { asc, count, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Caches, PAGE_LISTS, pageTag, type ReadCache } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation } from "../db/pg-errors";
import { pages } from "../db/schema";
import { conflict, invalid, notFound } from "../errors";
import { sanitizeRichText, type Viewer } from "../posts";
import type { RedirectsService } from "../redirects";

type PageRow = typeof pages.$inferSelect;

const parents = alias(pages, "parent");

// Deeper than any site nests its pages: a chain this long is a cycle the check must stop on anyway.
const MAX_DEPTH = 100;

const summaryColumns = {
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  parentId: pages.parentId,
  parentTitle: parents.title,
  isPublished: pages.isPublished,
  publishedAt: pages.publishedAt,
  metaTitle: pages.metaTitle,
  metaDescription: pages.metaDescription,
  excerpt: pages.excerpt,
  socialImage: pages.socialImage,
  canonicalUrl: pages.canonicalUrl,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
};

interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  parentId: string | null;
  parentTitle: string | null;
  isPublished: boolean;
  publishedAt: Date | null;
  metaTitle: string;
  metaDescription: string;
  excerpt: string;
  socialImage: string;
  canonicalUrl: string;
  createdAt: Date;
  updatedAt: Date;
}

function toSummary(row: SummaryRow): SitePageSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    path: pagePath(row.slug),
    parentId: row.parentId,
    parentTitle: row.parentTitle,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    excerpt: row.excerpt,
    socialImage: row.socialImage,
    canonicalUrl: row.canonicalUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The slug a page gets: what the editor typed, made safe, else one made from the title. */
export function pageSlugOf(input: Pick<PageInput, "slug" | "title">): string {
  if (input.slug) {
    const typed = normalizeSlug(input.slug);
    if (!typed) throw invalid(PAGE_MESSAGES.slugEmpty);
    return typed;
  }
  return slugify(input.title, "") || normalizeSlug(input.title) || "page";
}

/** Static pages (issue 41): /{slug}, Admin → Pages, the sitemap and the navigation's choice of pages. */
export function createPagesService(
  db: Database,
  deps: {
    reads: ReadCache;
    caches: Caches;
    redirects: Pick<RedirectsService, "record" | "clearAddress" | "dropRedirectsTo">;
  },
) {
  const { reads, caches, redirects } = deps;

  const selectSummaries = () => db.select(summaryColumns).from(pages).leftJoin(parents, eq(parents.id, pages.parentId));

  async function findPage(idOrSlug: string): Promise<SitePage | null> {
    const where = isUuid(idOrSlug) ? eq(pages.id, idOrSlug) : eq(pages.slug, idOrSlug.normalize("NFC").toLowerCase());
    const [row] = await db
      .select({ ...summaryColumns, content: pages.content })
      .from(pages)
      .leftJoin(parents, eq(parents.id, pages.parentId))
      .where(where);
    return row ? { ...toSummary(row), content: row.content } : null;
  }

  /** Refuses a parent that is missing, the page itself, or one of the page's own subpages. */
  async function checkParent(pageId: string | null, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    if (parentId === pageId) throw invalid(PAGE_MESSAGES.parentCycle);
    let current: string | null = parentId;
    for (let depth = 0; current !== null && depth < MAX_DEPTH; depth++) {
      const [row] = await db.select({ parentId: pages.parentId }).from(pages).where(eq(pages.id, current));
      if (!row) {
        if (current === parentId) throw notFound(PAGE_MESSAGES.parentInvalid);
        return;
      }
      if (row.parentId === pageId && pageId !== null) throw invalid(PAGE_MESSAGES.parentCycle);
      current = row.parentId;
    }
  }

  function valuesOf(input: PageInput, slug: string, previous?: PageRow) {
    return {
      slug,
      title: input.title,
      content: sanitizeRichText(input.content),
      parentId: input.parentId,
      isPublished: input.isPublished,
      // The first publication is kept: unpublishing and publishing again does not move it.
      publishedAt: input.isPublished ? (previous?.publishedAt ?? new Date()) : (previous?.publishedAt ?? null),
      metaTitle: input.metaTitle,
      metaDescription: input.metaDescription,
      excerpt: input.excerpt,
      socialImage: input.socialImage,
      canonicalUrl: input.canonicalUrl,
    };
  }

  function checkedSlug(input: PageInput): string {
    const slug = pageSlugOf(input);
    if (isReservedPageSlug(slug)) throw invalid(reservedSlugMessage(slug));
    return slug;
  }

  async function saved(write: () => Promise<PageRow | undefined>): Promise<PageRow | undefined> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(PAGE_MESSAGES.slugTaken);
      throw error;
    }
  }

  async function answer(row: PageRow, tags: string[]): Promise<SitePage> {
    await caches.changed([PAGE_LISTS, pageTag(row.id), pageTag(row.slug), ...tags]);
    const page = await findPage(row.id);
    if (!page) throw notFound(PAGE_MESSAGES.pageNotFound);
    return page;
  }

  return {
    async listPages(query: SitePageListQuery, viewer: Viewer): Promise<Page<SitePageSummary>> {
      const status = viewer.isStaff ? query.status : "published";
      const where: SQL | undefined = status === "all" ? undefined : eq(pages.isPublished, status === "published");
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(pages).where(where),
        (offset) =>
          selectSummaries()
            .where(where)
            .orderBy(asc(sql`lower(${pages.title}) collate "C"`), asc(pages.id))
            .limit(query.limit)
            .offset(offset),
      );
      return { items: rows.map(toSummary), total, page: query.page, limit: query.limit };
    },

    /** A published page for anyone (from the read cache); drafts for staff only. */
    async getPage(idOrSlug: string, viewer: Viewer): Promise<SitePage> {
      const page = viewer.isStaff
        ? await findPage(idOrSlug)
        : await reads.get(
            `page:${idOrSlug}`,
            async () => {
              const found = await findPage(idOrSlug);
              return found?.isPublished ? found : null;
            },
            (found) => [PAGE_LISTS, pageTag(idOrSlug), ...(found ? [pageTag(found._id), pageTag(found.slug)] : [])],
          );
      if (!page) throw notFound(PAGE_MESSAGES.pageNotFound);
      return page;
    },

    async createPage(input: PageInput, authorId: string | null): Promise<SitePage> {
      const slug = checkedSlug(input);
      await checkParent(null, input.parentId);
      const row = await saved(async () => {
        const [inserted] = await db
          .insert(pages)
          .values({ ...valuesOf(input, slug), authorId })
          .returning();
        return inserted;
      });
      if (!row) throw new Error("insert returned no row");
      await redirects.clearAddress(pagePath(row.slug));
      return answer(row, []);
    },

    async updatePage(id: string, input: PageInput): Promise<SitePage> {
      const [previous] = isUuid(id) ? await db.select().from(pages).where(eq(pages.id, id)) : [];
      if (!previous) throw notFound(PAGE_MESSAGES.pageNotFound);
      const slug = checkedSlug(input);
      await checkParent(id, input.parentId);
      const row = await saved(async () => {
        const [updated] = await db
          .update(pages)
          .set({ ...valuesOf(input, slug, previous), updatedAt: new Date() })
          .where(eq(pages.id, id))
          .returning();
        return updated;
      });
      if (!row) throw notFound(PAGE_MESSAGES.pageNotFound);
      // A published page's old address keeps working (301), as a post's does.
      if (previous.isPublished && previous.slug !== row.slug)
        await redirects.record(pagePath(previous.slug), pagePath(row.slug));
      else await redirects.clearAddress(pagePath(row.slug));
      return answer(row, [pageTag(previous.slug)]);
    },

    async deletePage(id: string): Promise<void> {
      const [deleted] = isUuid(id)
        ? await db.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id, slug: pages.slug })
        : [];
      if (!deleted) throw notFound(PAGE_MESSAGES.pageNotFound);
      await redirects.dropRedirectsTo(pagePath(deleted.slug));
      await caches.changed([PAGE_LISTS, pageTag(deleted.id), pageTag(deleted.slug)]);
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
