import type { HomeJson } from "@broadsheet/domain";
import {
  ADVERT_TOP_LIMIT,
  CAROUSEL_SIZE,
  CATEGORY_BLOCK_SIZE,
  POST_CATEGORIES,
  type PostCategory,
} from "@broadsheet/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdvertsService } from "../adverts";
import { ADVERT_LISTS, CATEGORY_LISTS, POLL_LISTS, POST_LISTS, pollActivityTag, pollTag } from "../caching";
import { type Database, selectRows } from "../db/client";
import { posts } from "../db/schema";
import type { PollsService } from "../polls";
import type { SharedReads } from "../posts";
import { type PostSummary, selectPostSummaries, toPostSummary } from "../posts";
import type { FeedsService } from "./feeds.service";

export type { HomeJson };

const postsPerCategory = (category: PostCategory) => (category === "Jobs" ? CAROUSEL_SIZE : CATEGORY_BLOCK_SIZE);

interface HomeDeps extends SharedReads {
  feeds: FeedsService;
  adverts: AdvertsService;
  polls: PollsService;
}

/*
 * The home page in a fixed number of queries whatever the number of posts: one for the ids
 * of every post block (each category's newest through its own index), one for their
 * summaries, then the four feeds, the adverts and the poll. Readers share the result from
 * the read cache; a logged-in reader adds one query for their likes and Read Later, and one
 * for their poll vote.
 */
export function createHomeService(db: Database, deps: HomeDeps) {
  const { reads, viewerState, feeds, adverts, polls } = deps;

  async function postBlocks(): Promise<Pick<HomeJson, "latest" | "byCategory">> {
    const wanted = sql.join(
      POST_CATEGORIES.map((category) => sql`(${category}, ${postsPerCategory(category)}::int)`),
      sql`, `,
    );
    const picks = await selectRows<{ category: string | null; id: string }>(
      db,
      sql`(select null::text as category, p.id from posts p where p.is_published
             order by p.created_at desc, p.id desc limit ${CAROUSEL_SIZE})
          union all
          (select c.name, newest.id
             from (values ${wanted}) as wanted(name, size)
             join categories c on c.name = wanted.name
             cross join lateral (
               select p.id from posts p where p.category_id = c.id and p.is_published
               order by p.created_at desc, p.id desc limit wanted.size
             ) newest)`,
    );
    const ids = [...new Set(picks.map((pick) => pick.id))];
    const rows = ids.length
      ? await selectPostSummaries(db, undefined)
          .where(and(eq(posts.isPublished, true), inArray(posts.id, ids)))
          .orderBy(desc(posts.createdAt), desc(posts.id))
      : [];
    const byId = new Map(rows.map((row) => [row.id, toPostSummary(row)]));
    const listOf = (category: string | null) =>
      picks
        .filter((pick) => pick.category === category)
        .map((pick) => byId.get(pick.id))
        .filter((post): post is PostSummary => post !== undefined);
    const byCategory = Object.fromEntries(POST_CATEGORIES.map((category) => [category, listOf(category)]));
    return { latest: listOf(null), byCategory: byCategory as HomeJson["byCategory"] };
  }

  async function loadShared(): Promise<HomeJson> {
    const [blocks, hot, trendy, mostRead, icymi, advertPage, pollPage] = await Promise.all([
      postBlocks(),
      feeds.hot(undefined),
      feeds.trendy(undefined),
      feeds.mostRead(undefined),
      feeds.icymi(undefined),
      adverts.listAdverts({ category: "Advert Top", page: 1, limit: ADVERT_TOP_LIMIT }),
      polls.listPolls({ page: 1, limit: 1 }, null),
    ]);
    return { ...blocks, hot, trendy, mostRead, icymi, advertsTop: advertPage.items, poll: pollPage.items[0] ?? null };
  }

  return {
    async getHome(viewerId: string | undefined): Promise<HomeJson> {
      const shared = await reads.get("home", loadShared, (home) => [
        POST_LISTS,
        CATEGORY_LISTS,
        ADVERT_LISTS,
        POLL_LISTS,
        ...(home.poll ? [pollTag(home.poll._id), pollActivityTag(home.poll._id)] : []),
      ]);
      if (!viewerId) return shared;
      const shown = [
        shared.latest,
        ...Object.values(shared.byCategory),
        shared.hot,
        shared.trendy,
        shared.mostRead,
        shared.icymi,
      ].flat();
      const [marks, myVote] = await Promise.all([
        viewerState.marksOn(
          viewerId,
          shown.map((post) => post._id),
        ),
        shared.poll ? polls.myVote(shared.poll._id, viewerId) : null,
      ]);
      const mark = (list: PostSummary[]) => list.map((post) => viewerState.mark(post, marks));
      return {
        ...shared,
        latest: mark(shared.latest),
        byCategory: Object.fromEntries(
          Object.entries(shared.byCategory).map(([category, list]) => [category, mark(list)]),
        ) as HomeJson["byCategory"],
        hot: mark(shared.hot),
        trendy: mark(shared.trendy),
        mostRead: mark(shared.mostRead),
        icymi: mark(shared.icymi),
        poll: shared.poll && { ...shared.poll, myVote },
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
