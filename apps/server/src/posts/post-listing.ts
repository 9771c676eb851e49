import type { Page, PostListQuery, PostStatus } from "@broadsheet/domain";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { POST_LISTS, type ReadCache } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { categories, posts, types } from "../db/schema";
import { taggedWith } from "../taxonomy";
import { bylineBySlug } from "./bylines";
import { createPostSearch } from "./post-search";
import { type PostSummary, selectPostSummaries, toPostSummary, visibleTo } from "./post-summaries";
import { ANONYMOUS, type SharedReads, type Viewer } from "./viewer";

/** Published, draft (not scheduled) or scheduled: one of the staff's list filters. */
function withStatus(status: PostStatus): SQL | undefined {
  if (status === "published") return eq(posts.isPublished, true);
  if (status === "scheduled") return and(eq(posts.isPublished, false), isNotNull(posts.scheduledAt));
  return and(eq(posts.isPublished, false), isNull(posts.scheduledAt));
}

/*
 * GET /api/posts: the filters, then either the search (text given) or one sorted page. Both
 * read summaries through post-summaries.ts, which depends on neither: the chain runs one way,
 * posts.service → post-listing → post-search → post-summaries.
 */
export function createPostListing(
  db: Database,
  {
    reads,
    summaries,
    viewerState,
  }: SharedReads & {
    /** Posts' summaries by id, as every reader sees them (the search's pages). */
    summaries: ReadCache;
  },
) {
  const postSearch = createPostSearch(db, reads, summaries);

  /** Filters as subqueries on posts' own columns, so the count needs no join. */
  function filtersOf(query: PostListQuery, viewer: Viewer): (SQL | undefined)[] {
    const conditions: (SQL | undefined)[] = [visibleTo(viewer.isStaff)];
    if (viewer.isStaff && query.status) conditions.push(withStatus(query.status));
    if (query.category && query.category !== "All") {
      const category = query.category.toLowerCase();
      conditions.push(
        inArray(
          posts.categoryId,
          db
            .select({ id: categories.id })
            .from(categories)
            .where(or(sql`lower(${categories.name}) = ${category}`, eq(categories.slug, query.category))),
        ),
      );
    }
    if (query.type && query.type !== "All") {
      const type = query.type.toLowerCase();
      conditions.push(
        inArray(
          posts.typeId,
          db
            .select({ id: types.id })
            .from(types)
            .where(or(sql`lower(${types.name}) = ${type}`, eq(types.slug, query.type))),
        ),
      );
    }
    if (query.author) {
      conditions.push(bylineBySlug(db, query.author));
    }
    if (query.tag) conditions.push(taggedWith(db, query.tag));
    return conditions;
  }

  // Staff see drafts, and readers' lists come from the shared read cache: both start here.
  async function listUncached(query: PostListQuery, viewer: Viewer): Promise<Page<PostSummary>> {
    const conditions = filtersOf(query, viewer);
    const search = query.search.trim();
    if (search) {
      const { page: _page, limit: _limit, ...words } = query;
      const sharedKey = viewer.isStaff ? undefined : JSON.stringify(words);
      const found = await postSearch.search(and(...conditions), search, query, viewer.id, sharedKey);
      return { ...found, page: query.page, limit: query.limit };
    }
    const where = and(...conditions);
    const order: SQL[] = {
      latest: [desc(posts.createdAt), desc(posts.id)],
      oldest: [asc(posts.createdAt), asc(posts.id)],
      "a-z": [sql`lower(${posts.title}) asc`, asc(posts.id)],
      "z-a": [sql`lower(${posts.title}) desc`, desc(posts.id)],
    }[query.sort];

    const { rows, total } = await readPage(
      query.page,
      query.limit,
      () => db.select({ total: count() }).from(posts).where(where),
      (offset) =>
        selectPostSummaries(db, viewer.id)
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(offset),
    );
    return { items: rows.map(toPostSummary), total, page: query.page, limit: query.limit };
  }

  return {
    /** Readers share one cached page of results; their own flags are added per request. */
    async listPosts(query: PostListQuery, viewer: Viewer): Promise<Page<PostSummary>> {
      if (viewer.isStaff) return listUncached(query, viewer);
      // The status filter is the staff's: readers asking for it share the plain list.
      const shared = { ...query, status: "" as const };
      const page = await reads.get(
        `posts:${JSON.stringify(shared)}`,
        () => listUncached(shared, ANONYMOUS),
        () => [POST_LISTS],
      );
      return viewer.id ? { ...page, items: await viewerState.forViewer(viewer.id, page.items) } : page;
    },
  };
}
