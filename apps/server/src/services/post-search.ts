import type { PostListQuery } from "@broadsheet/domain";
import { and, asc, count, desc, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client";
import { categories, posts } from "../db/schema";
import { POST_LISTS } from "./content-changes";
import { type PostSummary, selectPostSummaries, toPostSummary } from "./post-summaries";
import type { ReadCache } from "./read-cache";
import { escapeLike } from "./sql-patterns";

/*
 * Search: the title or a category name contains the words (SPEC), or the full text of title
 * and body matches them. The newest RANKED_WINDOW matches come best first (title hits, then
 * text rank); older matches follow by date. Totals are exact up to EXACT_COUNT_LIMIT, then
 * the planner's estimate, marked as one (issue 16). A common word is found by reading the
 * newest posts in date order; a rarer one through the GIN and trigram indexes.
 */

/** How many of the newest matches are ranked. */
export const RANKED_WINDOW = 300;
/** Matches counted one by one; beyond, the total is estimated. */
export const EXACT_COUNT_LIMIT = 1000;
// How many of the newest posts a search reads in date order before it asks the text indexes.
const RECENT_WINDOW = 1500;

/** A match of the ranked window; its time as PostgreSQL's text, which keeps the microseconds a Date drops. */
interface WindowRow {
  id: string;
  createdAt: string;
}

const createdAtText = sql<string>`${posts.createdAt}::text`;

export interface SearchPage {
  items: PostSummary[];
  total: number;
  totalIsEstimate: boolean;
}

export function createPostSearch(db: Database, reads: ReadCache) {
  /**
   * The ranked window and the total depend on the words and filters, not on the page: kept
   * in the read cache, so a reader paging through the results pays for them once. Staff
   * lists (drafts included) are never kept.
   */
  function perQuery<T>(key: string | undefined, load: () => Promise<T>): Promise<T> {
    return key ? reads.get(key, load, () => [POST_LISTS]) : load();
  }

  /**
   * Ids of the newest `limit` posts meeting `where`. The planner cannot price a text match,
   * so the choice between the date index and the text indexes is made here.
   */
  async function newestMatches(where: SQL | undefined, limit: number): Promise<WindowRow[]> {
    const windowStart = db
      .select({ createdAt: posts.createdAt })
      .from(posts)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .offset(RECENT_WINDOW - 1)
      .limit(1);
    const recent = await db
      .select({ id: posts.id, createdAt: createdAtText })
      .from(posts)
      .where(and(where, sql`${posts.createdAt} >= coalesce((${windowStart}), '-infinity')`))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
    if (recent.length === limit) return recent;
    // OFFSET 0 keeps the planner from walking the date index for the order: the matches are sparse.
    return selectRows<WindowRow>(
      db,
      sql`select id, created_at::text as "createdAt" from (select ${posts.id}, ${posts.createdAt} from ${posts} where ${where} offset 0) matches
        order by created_at desc, id desc limit ${limit}`,
    );
  }

  /** Exact up to EXACT_COUNT_LIMIT matches (reading no more rows than that), else the planner's estimate. */
  async function countMatches(where: SQL | undefined): Promise<{ total: number; totalIsEstimate: boolean }> {
    const bounded = db
      .select({ one: sql<number>`1`.as("one") })
      .from(posts)
      .where(where)
      .limit(EXACT_COUNT_LIMIT + 1);
    const [counted] = await db.select({ total: count() }).from(bounded.as("bounded"));
    const total = counted?.total ?? 0;
    if (total <= EXACT_COUNT_LIMIT) return { total, totalIsEstimate: false };
    const [plan] = await selectRows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (format json) select 1 from ${posts} where ${where}`,
    );
    const raw = plan?.["QUERY PLAN"];
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
    const estimate = Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0);
    return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), totalIsEstimate: true };
  }

  function readSummaries(
    viewerId: string | undefined,
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ) {
    return selectPostSummaries(db, viewerId)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }

  return {
    /** A page of the posts meeting `filters` that match `text`, in `query.sort` order (latest: best first). */
    async search(
      filters: SQL | undefined,
      text: string,
      query: PostListQuery,
      viewerId: string | undefined,
      /** Set when every reader may share the results (no drafts): the read-cache key of the words and filters. */
      sharedKey?: string,
    ): Promise<SearchPage> {
      const pattern = `%${escapeLike(text)}%`;
      const tsQuery = sql`websearch_to_tsquery('english', ${text})`;
      // Looked up first: as a literal list the planner sees how many posts it matches (usually none).
      const categoryIds = (
        await db.select({ id: categories.id }).from(categories).where(ilike(categories.name, pattern))
      ).map((category) => category.id);
      const where = and(
        filters,
        or(
          ilike(posts.title, pattern),
          categoryIds.length ? inArray(posts.categoryId, categoryIds) : undefined,
          sql`${posts.search} @@ ${tsQuery}`,
        ),
      );
      const offset = (query.page - 1) * query.limit;

      if (query.sort !== "latest") {
        const order: SQL[] = {
          oldest: [asc(posts.createdAt), asc(posts.id)],
          "a-z": [sql`lower(${posts.title}) asc`, asc(posts.id)],
          "z-a": [sql`lower(${posts.title}) desc`, desc(posts.id)],
        }[query.sort];
        const [rows, counted] = await Promise.all([
          readSummaries(viewerId, where, order, query.limit, offset),
          perQuery(sharedKey && `search-total:${sharedKey}`, () => countMatches(where)),
        ]);
        return { items: rows.map(toPostSummary), ...counted };
      }

      // Latest: the newest RANKED_WINDOW matches, best first; then the older ones by date.
      const window = await perQuery(sharedKey && `search-window:${sharedKey}`, () =>
        newestMatches(where, RANKED_WINDOW),
      );
      const counted =
        window.length < RANKED_WINDOW
          ? { total: window.length, totalIsEstimate: false }
          : await perQuery(sharedKey && `search-total:${sharedKey}`, () => countMatches(where));
      const rank = sql`ts_rank(${posts.search}, ${tsQuery}) + case when ${posts.title} ilike ${pattern} then 1 else 0 end`;
      const items: PostSummary[] = [];
      if (offset < window.length) {
        const ids = window.map((row) => row.id);
        const ranked = await readSummaries(
          viewerId,
          sql`${posts.id} = any(${sql.param(ids)}::uuid[])`,
          [sql`${rank} desc`, desc(posts.createdAt), desc(posts.id)],
          Math.min(query.limit, window.length - offset),
          offset,
        );
        items.push(...ranked.map(toPostSummary));
      }
      const oldest = window.at(-1);
      const wanted = query.limit - items.length;
      if (window.length === RANKED_WINDOW && oldest && wanted > 0) {
        const older = await readSummaries(
          viewerId,
          and(where, sql`(${posts.createdAt}, ${posts.id}) < (${oldest.createdAt}::timestamptz, ${oldest.id}::uuid)`),
          [desc(posts.createdAt), desc(posts.id)],
          wanted,
          Math.max(0, offset - RANKED_WINDOW),
        );
        items.push(...older.map(toPostSummary));
      }
      return { items, ...counted };
    },
  };
}

export type PostSearch = ReturnType<typeof createPostSearch>;
