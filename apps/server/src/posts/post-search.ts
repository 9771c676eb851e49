import type { PostListQuery } from "@broadsheet/domain";
import { and, asc, desc, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { ReadCache } from "../caching";
import { CATEGORY_LISTS, POST_LISTS, postActivityTag, postTag } from "../caching";
import { type Database, selectRows } from "../db/client";
import { categories, posts } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { taggedWithAny, tagsMatching } from "../taxonomy";
import { countPosts, estimatePosts, type PostTotal, roughly } from "./post-counts";
import { type PostSummary, selectPostSummaries, toPostSummary } from "./post-summaries";

/*
 * Search: the title, a category name or a tag name contains the words (docs/product.md#search-page), or the full text of title
 * and body matches them. The newest matches come best first (the words as one phrase in the
 * title, then all of them in it, then the rest), newest first within each; older matches
 * follow by date (decision 045). A search first reads its matches in the table's order, up
 * to PROBE_LIMIT: most searches end there, every match found and counted. Past it, a search
 * expected to match up to EXACT_COUNT_LIMIT posts reads and counts them all; one expected to
 * match more is looked for among the newest posts only, and its total is estimated from the
 * matches' share there, marked as such (issue 16).
 */

/** How many of the newest matches are ranked, at most. */
export const RANKED_WINDOW = 300;
/** Matches read in the table's order before the search expects more, from the blocks they came from. */
export const PROBE_LIMIT = 100;
/** Matches of a search past EXACT_COUNT_LIMIT that the newest posts are read deep enough to hold. */
const WINDOW_TARGET = 50;
/** Fewer matches than this among the newest posts read: the search reads eight times deeper. */
const WINDOW_MINIMUM = WINDOW_TARGET / 4;
/** Matches counted one by one; beyond, the total is estimated. */
export const EXACT_COUNT_LIMIT = 1000;
/** When the planner expects this many matches, the count is not even tried: its estimate is the answer. */
const ESTIMATE_ONLY_ABOVE = 10 * EXACT_COUNT_LIMIT;

/** A match; its time as PostgreSQL's text, which keeps the microseconds a Date drops (keysets compare it). */
interface DatedRow {
  id: string;
  createdAt: string;
}

/**
 * The ranked window: its ids best first, and the oldest match in it, where the older ones
 * start; `complete` when it holds every match. The total, counted or estimated.
 */
interface RankedWindow {
  ids: string[];
  oldest: DatedRow | undefined;
  complete: boolean;
  total: number;
  totalIsEstimate: boolean;
}

/** Matches aggregated into one row: the ids in one text, so neither driver parses hundreds of rows. */
/** Matches as `aggregateMatches` gives them. */
interface AggregatedMatches {
  ids: string[];
  oldest: DatedRow | undefined;
  matches: number;
  firstBlock: number;
  lastBlock: number;
}

interface MatchAggregate {
  ids: string | null;
  oldestId: string | null;
  oldestCreatedAt: string | null;
  matches: number | string | null;
  firstBlock: number | string | null;
  lastBlock: number | string | null;
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
const matchColumns = sql`${posts.id}, ${posts.createdAt}, ${posts.title}`;

/** The words of a search that its rank looks for in titles, each its own ILIKE pattern. */
const RANKED_WORDS = 8;

/** The title holds each of the words of `text` (its first RANKED_WORDS), wherever they are. */
function titleHoldsEveryWord(text: string): SQL | undefined {
  const words = text.split(/\s+/).filter(Boolean).slice(0, RANKED_WORDS);
  return and(...words.map((word) => ilike(posts.title, `%${escapeLike(word)}%`)));
}

/**
 * The title holds the words as typed. Each word is also asked for on its own, which the phrase
 * implies: the trigram index then reads about a third fewer pages at a million posts, as the
 * trigrams of the phrase's word boundaries ("  t", " th"), in almost every title, weigh less
 * (decision 086).
 */
function titleHoldsPhrase(text: string, pattern: string): SQL {
  const phrase = ilike(posts.title, pattern);
  return /\s/.test(text.trim()) ? (and(titleHoldsEveryWord(text), phrase) as SQL) : phrase;
}

/**
 * The rank of a match, from its title alone (stored in line, so ranking reads no stored
 * tsvector): 2 when it holds the words as typed, 1 when it holds each of them, else 0.
 */
function titleRank(text: string, pattern: string): SQL {
  return sql`case when ${posts.title} ilike ${pattern} then 2 when ${titleHoldsEveryWord(text)} then 1 else 0 end`;
}

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
   * The ranked window of the matches (`match`) of posts meeting `filters`. Their first
   * PROBE_LIMIT + 1 are read in the table's order, which a bitmap scan follows; fewer, and
   * they are all the matches. Else the blocks they came from give the number to expect: up to
   * EXACT_COUNT_LIMIT, every match is read and counted. Past it, they are looked for among the
   * newest posts, deep enough to hold about WINDOW_TARGET of them (eight times deeper while
   * fewer than WINDOW_MINIMUM are found), and the total is the number expected, an estimate.
   */
  async function rankedWindow(
    filters: SQL | undefined,
    filtersKey: string | undefined,
    match: SQL,
    rank: SQL,
  ): Promise<RankedWindow> {
    const matching = and(filters, match);
    const everyMatch = async () =>
      exactWindow(
        await aggregateMatches(
          sql`select id, created_at, ${rank} as rank, null::tid as ctid
            from (select ${matchColumns} from ${posts} where ${matching} offset 0) as posts`,
        ),
      );
    // Materialized, the matches are found through the indexes as for all of them, and read only as far as the limit.
    const probe = await aggregateMatches(
      sql`with matches as materialized (select ${matchColumns}, ctid from ${posts} where ${matching})
        select id, created_at, ${rank} as rank, ctid from (select * from matches limit ${PROBE_LIMIT + 1}) as posts`,
    );
    if (probe.matches <= PROBE_LIMIT) return exactWindow(probe);
    const expected = await expectedMatches(probe);
    if (expected <= EXACT_COUNT_LIMIT) return everyMatch();
    const population = await perQuery(filtersKey && `search-population-estimate:${filtersKey}`, () =>
      estimatePosts(db, filters),
    );
    // Deep enough for WINDOW_TARGET matches at the expected share; a power of two, so a few bounds per filters are kept.
    const wanted = Math.min(population, (WINDOW_TARGET * population) / expected);
    for (let depth = 2 ** Math.max(0, Math.ceil(Math.log2(wanted))); depth * 2 < population; depth *= 8) {
      const bound = await newestBound(filters, filtersKey, depth);
      if (!bound) break;
      // OFFSET 0 keeps the planner from walking the date index and matching row by row.
      const newest = await aggregateMatches(
        sql`select id, created_at, ${rank} as rank, null::tid as ctid
          from (select ${matchColumns} from ${posts}
                where ${and(matching, sql`${posts.createdAt} >= ${bound}::timestamptz`)} offset 0) as posts`,
      );
      if (newest.matches >= WINDOW_MINIMUM) {
        return {
          ...newest,
          complete: false,
          total: roughly(Math.max(expected, newest.matches)),
          totalIsEstimate: true,
        };
      }
    }
    return everyMatch();
  }

  /** A window that was given every match: complete unless there were more than it ranks. */
  function exactWindow(found: AggregatedMatches): RankedWindow {
    return { ...found, complete: found.matches <= RANKED_WINDOW, total: found.matches, totalIsEstimate: false };
  }

  /**
   * The matches to expect, were they spread through the rest of the table as the probe's
   * PROBE_LIMIT + 1 were through the blocks it found them in (a word new in the news is in
   * the newest blocks only).
   */
  async function expectedMatches(probe: AggregatedMatches): Promise<number> {
    const blocks = await reads.get(
      "search-table-blocks",
      () => tableBlocks(),
      () => [POST_LISTS],
    );
    const probed = probe.lastBlock - probe.firstBlock + 1;
    return ((PROBE_LIMIT + 1) * Math.max(probed, blocks - probe.firstBlock)) / probed;
  }

  /** The posts table's size in blocks, as its file has it now (no rows are read). */
  async function tableBlocks(): Promise<number> {
    const [found] = await selectRows<{ blocks: number | string }>(
      db,
      sql`select pg_relation_size('posts') / current_setting('block_size')::int as blocks`,
    );
    return Number(found?.blocks ?? 0);
  }

  /**
   * The time of the `depth`-th newest post meeting `filters`; undefined when fewer posts
   * meet them. Kept in the read cache per filters and depth.
   */
  async function newestBound(
    filters: SQL | undefined,
    filtersKey: string | undefined,
    depth: number,
  ): Promise<string | undefined> {
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

  /**
   * `rows` (id, created_at, rank, ctid) as one row: the newest RANKED_WINDOW of them best
   * first (equal ranks newest first), the oldest of those, how many rows there were, and the
   * first and last blocks their ctids name.
   */
  async function aggregateMatches(rows: SQL): Promise<AggregatedMatches> {
    const [found] = await selectRows<MatchAggregate>(
      db,
      sql`select string_agg(id::text, ',' order by rank desc, created_at desc, id desc)
            filter (where newest <= ${RANKED_WINDOW}) as ids,
          (array_agg(id::text order by created_at, id) filter (where newest <= ${RANKED_WINDOW}))[1] as "oldestId",
          min(created_at) filter (where newest <= ${RANKED_WINDOW})::text as "oldestCreatedAt",
          count(*) as matches,
          min((ctid::text::point)[0]) as "firstBlock", max((ctid::text::point)[0]) as "lastBlock"
        from (select *, row_number() over (order by created_at desc, id desc) as newest from (${rows}) as found) as numbered`,
    );
    const oldest =
      found?.oldestId && found.oldestCreatedAt ? { id: found.oldestId, createdAt: found.oldestCreatedAt } : undefined;
    return {
      ids: found?.ids ? found.ids.split(",") : [],
      oldest,
      matches: Number(found?.matches ?? 0),
      firstBlock: Number(found?.firstBlock ?? 0),
      lastBlock: Number(found?.lastBlock ?? 0),
    };
  }

  /**
   * The ids of the categories whose name contains `text`, case-insensitively (docs/product.md#search-page: category
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
   * Exact up to EXACT_COUNT_LIMIT matches, else the planner's estimate, marked as one. A word
   * the planner expects in far more posts than that is not counted at all.
   */
  async function countMatches(where: SQL | undefined, estimate: number): Promise<PostTotal> {
    if (estimate > ESTIMATE_ONLY_ABOVE) return { total: estimate, totalIsEstimate: true };
    return countPosts(db, where, EXACT_COUNT_LIMIT, estimate);
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
      const [categoryIds, tagIds] = await Promise.all([categoriesNamed(text), tagsMatching(db, text)]);
      const match = or(
        titleHoldsPhrase(text, pattern),
        categoryIds.length ? inArray(posts.categoryId, categoryIds) : undefined,
        tagIds.length ? taggedWithAny(db, tagIds) : undefined,
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
            countMatches(where, await estimatePosts(db, where)),
          ),
        ]);
        return { items: rows.map(toPostSummary), ...counted };
      }

      // Latest: the newest matches, best first; then the older ones by date.
      const filtersKey = sharedKey && JSON.stringify([query.category, query.type, query.author]);
      const window = await perQuery(sharedKey && `search-window:${sharedKey}`, () =>
        rankedWindow(filters, filtersKey, match, titleRank(text, pattern)),
      );
      const ids = window.ids.slice(offset, offset + query.limit);
      const wanted = query.limit - ids.length;
      if (window.oldest && !window.complete && wanted > 0) {
        const older = await olderMatches(
          where,
          window.oldest,
          query,
          wanted,
          Math.max(0, offset - window.ids.length),
          sharedKey,
        );
        ids.push(...older.map((row) => row.id));
      }
      const counted = { total: window.total, totalIsEstimate: window.totalIsEstimate };
      return { items: await summariesInOrder(viewerId, ids), ...counted };
    },
  };
}

export type PostSearch = ReturnType<typeof createPostSearch>;
