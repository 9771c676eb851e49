import type { PostListQuery } from "@broadsheet/domain";
import { and, asc, count, desc, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client";
import { categories, posts } from "../db/schema";
import { CATEGORY_LISTS, POST_LISTS, postActivityTag, postTag } from "./content-changes";
import { type PostSummary, selectPostSummaries, toPostSummary } from "./post-summaries";
import type { ReadCache } from "./read-cache";
import { escapeLike } from "./sql-patterns";

/*
 * Search: the title or a category name contains the words (SPEC), or the full text of title
 * and body matches them. The newest RANKED_WINDOW matches come best first (title hits, then
 * text rank); older matches follow by date. A common word is found by reading the newest
 * posts in date order, and counted up to EXACT_COUNT_LIMIT, then estimated by the planner
 * and marked as such (issue 16); a rarer one through the GIN and trigram indexes, which
 * count every match exactly.
 */

/** How many of the newest matches are ranked. */
export const RANKED_WINDOW = 300;
/** Matches of a common word counted one by one; beyond, the total is estimated. */
export const EXACT_COUNT_LIMIT = 1000;
/** When the planner expects this many matches, the count is not even tried: its estimate is the answer. */
const ESTIMATE_ONLY_ABOVE = 10 * EXACT_COUNT_LIMIT;
/** How many of the newest posts a search reads in date order before it asks the text indexes. */
export const RECENT_WINDOW = 1500;

/** A match; its time as PostgreSQL's text, which keeps the microseconds a Date drops (keysets compare it). */
interface DatedRow {
  id: string;
  createdAt: string;
}

/**
 * The ranked window: its ids best first, and the oldest match in it, where the older ones
 * start; the total when finding the window gave it (counted, or the planner's estimate).
 */
interface RankedWindow {
  ids: string[];
  oldest: DatedRow | undefined;
  total: number | undefined;
  totalIsEstimate?: boolean;
}

/** The window's rows as one row: the ids in one text, so neither driver parses 300 rows. */
interface WindowAggregate {
  ids: string | null;
  oldestId: string | null;
  oldestCreatedAt: string | null;
  total: number | string | null;
}

const createdAtText = sql<string>`${posts.createdAt}::text`;

export interface SearchPage {
  items: PostSummary[];
  total: number;
  totalIsEstimate: boolean;
}

/** What a reader's summary shows: the post, its counts and its category's name. */
function summaryTags(id: string): string[] {
  return [POST_LISTS, CATEGORY_LISTS, postTag(id), postActivityTag(id)];
}

/** The columns a match and its rank read; a subquery that selects them is aliased `posts`, so both apply to it. */
const matchColumns = sql`${posts.id}, ${posts.createdAt}, ${posts.title}, ${posts.search}, ${posts.categoryId}`;

export function createPostSearch(db: Database, reads: ReadCache, summaries: ReadCache) {
  /**
   * The ranked window and the total depend on the words and filters, not on the page: kept
   * in the read cache, so a reader paging through the results pays for them once. Staff
   * lists (drafts included) are never kept.
   */
  function perQuery<T>(key: string | undefined, load: () => Promise<T>): Promise<T> {
    return key ? reads.get(key, load, () => [POST_LISTS]) : load();
  }

  /**
   * The newest RANKED_WINDOW posts meeting `filters` that `match`, best first, ranked in the
   * same pass that finds them. The planner cannot price a text match, so the way to find them
   * is chosen here from the share of the posts it expects to match:
   * - so many that the newest RECENT_WINDOW posts hold the window twice over: those posts are
   *   read in date order and matched one by one;
   * - a few percent: the GIN and trigram indexes find the matches among the newest posts only,
   *   deep enough to hold the window twice over (`newestBound`), so the older matches are not
   *   read, nor counted: the total is the planner's estimate (over 1 500), marked as one;
   * - fewer: the indexes find every match before the newest are picked, so they count them too (`total`).
   */
  async function rankedWindow(
    filters: SQL | undefined,
    filtersKey: string | undefined,
    match: SQL,
    rank: SQL,
    expected: number,
  ): Promise<RankedWindow> {
    // Matches as (id, created_at, title, search, total), ranked once the newest are picked.
    const ranked = (matches: SQL) =>
      aggregateWindow(
        sql`select id, created_at, ${rank} as rank, total
          from (select * from (${matches}) as matches
                order by created_at desc, id desc limit ${RANKED_WINDOW}) as posts`,
      );
    // Words the planner expects in fewer posts than RECENT_WINDOW go straight to the indexes.
    if (expected >= RECENT_WINDOW) {
      const population = await perQuery(filtersKey && `search-population-estimate:${filtersKey}`, () =>
        estimateMatches(filters),
      );
      if (expected * RECENT_WINDOW >= 2 * RANKED_WINDOW * population) {
        const recent = await ranked(
          sql`select *, null::bigint as total
            from (select ${matchColumns} from ${posts} where ${filters ?? sql`true`}
                  order by ${posts.createdAt} desc, ${posts.id} desc limit ${RECENT_WINDOW}) as posts
            where ${match}`,
        );
        if (recent.ids.length === RANKED_WINDOW) return { ...recent, total: undefined };
      } else {
        const bound = await newestBound(filters, filtersKey, population, expected);
        // OFFSET 0 keeps the planner from walking the date index and matching row by row.
        const recent =
          bound &&
          (await ranked(
            sql`select ${matchColumns}, null::bigint as total from ${posts}
              where ${and(filters, match, sql`${posts.createdAt} >= ${bound}::timestamptz`)} offset 0`,
          ));
        // Counting up to EXACT_COUNT_LIMIT matches here is planned as a scan of the table, which reads
        // a stored tsvector per post: the total is the estimate that chose this way.
        if (recent && recent.ids.length === RANKED_WINDOW) return { ...recent, total: expected, totalIsEstimate: true };
      }
    }
    const indexed = await ranked(
      sql`select *, count(*) over () as total
        from (select ${matchColumns} from ${posts} where ${and(filters, match)} offset 0) as posts`,
    );
    return { ...indexed, total: indexed.total ?? 0 };
  }

  /**
   * The time of the newest post meeting `filters` past which a word the planner expects in
   * `expected` of `population` posts should match twice the ranked window; undefined when
   * that is more than a quarter of them (then reading every match costs about as much). The
   * depth is rounded up to a power of two, so a few bounds per filters are kept in the read cache.
   */
  async function newestBound(
    filters: SQL | undefined,
    filtersKey: string | undefined,
    population: number,
    expected: number,
  ): Promise<string | undefined> {
    const depth = 2 ** Math.max(0, Math.ceil(Math.log2((2 * RANKED_WINDOW * population) / expected)));
    if (depth * 4 > population) return undefined;
    const [found] = await perQuery(filtersKey && `search-bound:${filtersKey}:${depth}`, () =>
      db
        .select({ createdAt: createdAtText })
        .from(posts)
        .where(filters)
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(1)
        .offset(depth - 1),
    );
    return found?.createdAt;
  }

  /** `rows` (id, created_at, rank, total) as a window: best first, equal ranks newest first. */
  async function aggregateWindow(rows: SQL): Promise<RankedWindow> {
    const [found] = await selectRows<WindowAggregate>(
      db,
      sql`select string_agg(id::text, ',' order by rank desc, created_at desc, id desc) as ids,
          (array_agg(id::text order by created_at, id))[1] as "oldestId",
          min(created_at)::text as "oldestCreatedAt", max(total) as total
        from (${rows}) as window_rows`,
    );
    const ids = found?.ids ? found.ids.split(",") : [];
    const oldest =
      found?.oldestId && found.oldestCreatedAt ? { id: found.oldestId, createdAt: found.oldestCreatedAt } : undefined;
    return { ids, oldest, total: found?.total == null ? undefined : Number(found.total) };
  }

  /**
   * The ids of the categories whose name contains `text`, case-insensitively (SPEC's category
   * match). Read from the cached list of all categories: a statement less per search.
   */
  async function categoriesNamed(text: string): Promise<string[]> {
    const all = await reads.get(
      "search-categories",
      () => db.select({ id: categories.id, name: categories.name }).from(categories),
      () => [CATEGORY_LISTS],
    );
    const wanted = text.toLowerCase();
    return all.filter((category) => category.name.toLowerCase().includes(wanted)).map((category) => category.id);
  }

  /**
   * Whether fewer posts than RECENT_WINDOW meet `filters` (counting no further), kept per
   * filters. Then the planner's guess at the matches cannot change the way to find them, nor
   * the way to count them: the search skips asking it.
   */
  async function fewerThanRecentWindow(filters: SQL | undefined, filtersKey: string | undefined): Promise<boolean> {
    return perQuery(filtersKey && `search-population:${filtersKey}`, async () => {
      const bounded = db
        .select({ one: sql<number>`1`.as("one") })
        .from(posts)
        .where(filters)
        .limit(RECENT_WINDOW);
      const [counted] = await db.select({ total: count() }).from(bounded.as("bounded"));
      return (counted?.total ?? 0) < RECENT_WINDOW;
    });
  }

  /** The planner's estimate of the posts meeting `where`: costs a plan, reads no rows. */
  async function estimateMatches(where: SQL | undefined): Promise<number> {
    const [plan] = await selectRows<{ "QUERY PLAN": unknown }>(
      db,
      sql`explain (format json) select 1 from ${posts} where ${where}`,
    );
    const raw = plan?.["QUERY PLAN"];
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
    return Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0);
  }

  /**
   * Exact up to EXACT_COUNT_LIMIT matches (reading no more rows than that), else the
   * planner's estimate, marked as one. A word the planner expects in far more posts than
   * that is not counted at all.
   */
  async function countMatches(
    where: SQL | undefined,
    estimate: number,
  ): Promise<{ total: number; totalIsEstimate: boolean }> {
    if (estimate > ESTIMATE_ONLY_ABOVE) return { total: estimate, totalIsEstimate: true };
    const bounded = db
      .select({ one: sql<number>`1`.as("one") })
      .from(posts)
      .where(where)
      .limit(EXACT_COUNT_LIMIT + 1);
    const [counted] = await db.select({ total: count() }).from(bounded.as("bounded"));
    const total = counted?.total ?? 0;
    if (total <= EXACT_COUNT_LIMIT) return { total, totalIsEstimate: false };
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

  /** The summaries of `ids`, in that order; a reader's (no viewer) come from the summary cache where they can. */
  async function summariesInOrder(viewerId: string | undefined, ids: string[]): Promise<PostSummary[]> {
    if (!ids.length) return [];
    const load = async (wanted: string[]) => {
      const rows = await selectPostSummaries(db, viewerId).where(sql`${posts.id} = any(${sql.param(wanted)}::uuid[])`);
      return new Map(rows.map((row) => [row.id, toPostSummary(row)]));
    };
    const byId = viewerId ? await load(ids) : await summaries.getMany(ids, load, summaryTags);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The matches older than the ranked window, by date. A page starts right after the page
   * before it when that one is in the read cache (a reader paging on), else it skips `offset`.
   */
  async function olderMatches(
    where: SQL | undefined,
    windowEnd: DatedRow,
    query: PostListQuery,
    wanted: number,
    offset: number,
    sharedKey: string | undefined,
  ): Promise<DatedRow[]> {
    const pageKey = (page: number) => sharedKey && `search-older:${sharedKey}:${query.limit}:${page}`;
    const previousKey = pageKey(query.page - 1);
    const previousEnd = previousKey ? reads.peek<DatedRow[]>(previousKey)?.at(-1) : undefined;
    const after = previousEnd ?? windowEnd;
    return perQuery(pageKey(query.page), () =>
      db
        .select({ id: posts.id, createdAt: createdAtText })
        .from(posts)
        .where(
          and(where, sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(wanted)
        .offset(previousEnd ? 0 : offset),
    );
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
      const categoryIds = await categoriesNamed(text);
      const match = or(
        ilike(posts.title, pattern),
        categoryIds.length ? inArray(posts.categoryId, categoryIds) : undefined,
        sql`${posts.search} @@ ${tsQuery}`,
      ) as SQL;
      const where = and(filters, match);
      const offset = (query.page - 1) * query.limit;

      if (query.sort !== "latest") {
        const order: SQL[] = {
          oldest: [asc(posts.createdAt), asc(posts.id)],
          "a-z": [sql`lower(${posts.title}) asc`, asc(posts.id)],
          "z-a": [sql`lower(${posts.title}) desc`, desc(posts.id)],
        }[query.sort];
        const [rows, counted] = await Promise.all([
          readSummaries(viewerId, where, order, query.limit, offset),
          perQuery(sharedKey && `search-total:${sharedKey}`, async () =>
            countMatches(where, await estimateMatches(where)),
          ),
        ]);
        return { items: rows.map(toPostSummary), ...counted };
      }

      // Latest: the newest RANKED_WINDOW matches, best first; then the older ones by date.
      const rank = sql`ts_rank(${posts.search}, ${tsQuery}) + case when ${posts.title} ilike ${pattern} then 1 else 0 end`;
      // The planner's guess at the matches picks the way to find them, and the way to count them;
      // among fewer posts than RECENT_WINDOW the text indexes, which count exactly, are always right.
      const filtersKey = sharedKey && JSON.stringify([query.category, query.type, query.author]);
      const expected = (await fewerThanRecentWindow(filters, filtersKey))
        ? 0
        : await perQuery(sharedKey && `search-estimate:${sharedKey}`, () => estimateMatches(where));
      const window = await perQuery(sharedKey && `search-window:${sharedKey}`, () =>
        rankedWindow(filters, filtersKey, match, rank, expected),
      );
      const counted =
        window.total !== undefined
          ? { total: window.total, totalIsEstimate: window.totalIsEstimate ?? false }
          : await perQuery(sharedKey && `search-total:${sharedKey}`, () => countMatches(where, expected));
      const ids = window.ids.slice(offset, offset + query.limit);
      const wanted = query.limit - ids.length;
      if (window.oldest && window.ids.length === RANKED_WINDOW && wanted > 0) {
        const older = await olderMatches(
          where,
          window.oldest,
          query,
          wanted,
          Math.max(0, offset - RANKED_WINDOW),
          sharedKey,
        );
        ids.push(...older.map((row) => row.id));
      }
      return { items: await summariesInOrder(viewerId, ids), ...counted };
    },
  };
}

export type PostSearch = ReturnType<typeof createPostSearch>;
