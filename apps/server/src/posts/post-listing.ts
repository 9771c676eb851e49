import type { Page, PostListQuery, PostStatus } from "@broadsheet/domain";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { POST_LISTS, type ReadCache } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { categories, posts, types } from "../db/schema";
import { taggedWithAny, tagIdBySlug } from "../taxonomy";
import { bylineBySlug } from "./bylines";
import { countPosts, EXACT_TOTAL_UP_TO } from "./post-counts";
import { createPostSearch } from "./post-search";
import { type PostSummary, selectPostSummaries, toPostSummary, visibleTo } from "./post-summaries";
import { countTagged, type TaggedList, taggedPageIds } from "./tagged-list";
import { ANONYMOUS, type SharedReads, type Viewer } from "./viewer";

/** A page of a list; its total is an estimate past EXACT_TOTAL_UP_TO (a search's, past its own bound). */
export type PostListPage = Page<PostSummary> & { totalIsEstimate: boolean };

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

  /**
   * A category or type filter as its ids, looked up first: as constants rather than a subquery,
   * the planner reads that category's posts in order from its own index, so a page past the
   * thousandth walks the index alone (issue 44).
   */
  async function named(table: typeof categories | typeof types, wanted: string): Promise<string[]> {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(or(sql`lower(${table.name}) = ${wanted.toLowerCase()}`, eq(table.slug, wanted)));
    return rows.map((row) => row.id);
  }

  const amongIds = (column: typeof posts.categoryId | typeof posts.typeId, ids: string[]): SQL =>
    ids.length > 0 ? inArray(column, ids) : sql`false`;

  /**
   * The list's filters: `conditions`, all of them on posts (the tag's as a subquery), and, when
   * it names a tag that exists, that tag and the other filters apart, for its date orders.
   */
  async function filtersOf(
    query: PostListQuery,
    viewer: Viewer,
  ): Promise<{ conditions: (SQL | undefined)[]; tagged?: TaggedList }> {
    const others: (SQL | undefined)[] = [];
    if (viewer.isStaff && query.status) others.push(withStatus(query.status));
    if (query.category && query.category !== "All")
      others.push(amongIds(posts.categoryId, await named(categories, query.category)));
    if (query.type && query.type !== "All") others.push(amongIds(posts.typeId, await named(types, query.type)));
    if (query.author) others.push(await bylineBySlug(db, query.author));
    const visible = visibleTo(viewer.isStaff);
    if (!query.tag) return { conditions: [visible, ...others] };
    const tagId = await tagIdBySlug(db, query.tag);
    if (!tagId) return { conditions: [sql`false`] };
    return {
      conditions: [visible, ...others, taggedWithAny(db, [tagId])],
      tagged: { tagId, publishedOnly: !viewer.isStaff, others: and(...others) },
    };
  }

  // Staff see drafts, and readers' lists come from the shared read cache: both start here.
  async function listUncached(query: PostListQuery, viewer: Viewer): Promise<PostListPage> {
    const { conditions, tagged } = await filtersOf(query, viewer);
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

    // A tag's list by date is read from post_tags (tagged-list.ts); by title, from posts like the others.
    const byDate = query.sort === "latest" || query.sort === "oldest";
    const fromTag = byDate ? tagged : undefined;
    const { rows, total, totalIsEstimate } = await readPage(
      query.page,
      query.limit,
      async () => [
        await (fromTag ? countTagged(db, fromTag, EXACT_TOTAL_UP_TO) : countPosts(db, where, EXACT_TOTAL_UP_TO)),
      ],
      // The page's ids first, from an index alone; only those nine are joined to their summaries.
      (offset) =>
        selectPostSummaries(db, viewer.id)
          .where(
            inArray(
              posts.id,
              fromTag
                ? taggedPageIds(db, fromTag, query.sort === "latest", query.limit, offset)
                : db
                    .select({ id: posts.id })
                    .from(posts)
                    .where(where)
                    .orderBy(...order)
                    .limit(query.limit)
                    .offset(offset),
            ),
          )
          .orderBy(...order),
    );
    return { items: rows.map(toPostSummary), total, totalIsEstimate, page: query.page, limit: query.limit };
  }

  return {
    /** Readers share one cached page of results; their own flags are added per request. */
    async listPosts(query: PostListQuery, viewer: Viewer): Promise<PostListPage> {
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
