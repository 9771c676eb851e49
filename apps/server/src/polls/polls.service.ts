import type { Page, PollJson } from "@broadsheet/domain";
import { isUuid, POLL_MESSAGES, type PollInput, type PollOption } from "@broadsheet/domain";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { ViewerCache } from "../caching";
import { type Caches, POLL_LISTS, pollActivityTag, pollTag, userTag } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation, pgErrorCode } from "../db/pg-errors";
import { polls, pollVotes } from "../db/schema";
import { conflict, notFound } from "../errors";

export type { PollJson };

type PollRow = typeof polls.$inferSelect;

const OPTION_KEYS = { 1: "optionOne", 2: "optionTwo", 3: "optionThree" } as const;

function pollNotFound() {
  return notFound(POLL_MESSAGES.pollNotFound);
}

export function createPollsService(db: Database, viewers: ViewerCache, caches: Caches) {
  /** Tallies every poll of `rows` in one grouped query, the viewer's own vote included. */
  async function present(rows: PollRow[], viewerId: string | null): Promise<PollJson[]> {
    if (rows.length === 0) return [];
    const tallies = await db
      .select({
        pollId: pollVotes.pollId,
        option: pollVotes.option,
        votes: count(),
        mine: sql<boolean | null>`bool_or(${pollVotes.userId} = ${viewerId})`,
      })
      .from(pollVotes)
      .where(
        inArray(
          pollVotes.pollId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(pollVotes.pollId, pollVotes.option);

    return rows.map((row) => {
      const poll: PollJson = {
        _id: row.id,
        title: row.title,
        optionOne: row.optionOne,
        optionTwo: row.optionTwo,
        optionThree: row.optionThree,
        createdAt: row.createdAt.toISOString(),
        counts: { optionOne: 0, optionTwo: 0, optionThree: 0 },
        totalVotes: 0,
        myVote: null,
      };
      for (const tally of tallies) {
        if (tally.pollId !== row.id) continue;
        const option = tally.option as PollOption;
        poll.counts[OPTION_KEYS[option]] = tally.votes;
        poll.totalVotes += tally.votes;
        if (tally.mine) poll.myVote = option;
      }
      return poll;
    });
  }

  async function presentOne(row: PollRow, viewerId: string | null): Promise<PollJson> {
    const [poll] = await present([row], viewerId);
    if (!poll) throw new Error("a poll row was not presented");
    return poll;
  }

  async function getPoll(id: string, viewerId: string | null): Promise<PollJson> {
    if (!isUuid(id)) throw pollNotFound();
    const [row] = await db.select().from(polls).where(eq(polls.id, id)).limit(1);
    if (!row) throw pollNotFound();
    return presentOne(row, viewerId);
  }

  return {
    getPoll,

    async createPoll(input: PollInput, createdBy: string): Promise<PollJson> {
      const [row] = await db
        .insert(polls)
        .values({ ...pollFields(input), createdBy })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await caches.changed([POLL_LISTS, pollTag(row.id)]);
      return presentOne(row, createdBy);
    },

    /** Newest first. */
    async listPolls(query: { page: number; limit: number }, viewerId: string | null): Promise<Page<PollJson>> {
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(polls),
        (offset) =>
          db.select().from(polls).orderBy(desc(polls.createdAt), desc(polls.id)).limit(query.limit).offset(offset),
      );
      return {
        items: await present(rows, viewerId),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    async updatePoll(id: string, input: PollInput, viewerId: string): Promise<PollJson> {
      if (!isUuid(id)) throw pollNotFound();
      const [row] = await db.update(polls).set(pollFields(input)).where(eq(polls.id, id)).returning();
      if (!row) throw pollNotFound();
      await caches.changed([POLL_LISTS, pollTag(id)]);
      return presentOne(row, viewerId);
    },

    /** Its votes go with it (ON DELETE CASCADE). */
    async deletePoll(id: string): Promise<void> {
      if (!isUuid(id)) throw pollNotFound();
      const deleted = await db.delete(polls).where(eq(polls.id, id)).returning({ id: polls.id });
      if (deleted.length === 0) throw pollNotFound();
      await caches.changed([POLL_LISTS, pollTag(id)]);
    },

    /** The primary key (poll, user) is the one-vote rule, so two racing votes cannot both count. */
    async castVote(pollId: string, userId: string, option: PollOption): Promise<PollJson> {
      if (!isUuid(pollId)) throw pollNotFound();
      try {
        await db.insert(pollVotes).values({ pollId, userId, option });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(POLL_MESSAGES.alreadyVoted);
        // The poll's foreign key: no such poll (or it was deleted meanwhile).
        if (pgErrorCode(error) === "23503") throw pollNotFound();
        throw error;
      }
      // The home page's cached tally must count this vote for the voter's next look.
      await caches.changed([pollActivityTag(pollId), userTag(userId)]);
      return getPoll(pollId, userId);
    },

    /** The reader's own vote in a poll, or null; kept until they vote (castVote forgets it). */
    myVote(pollId: string, userId: string): Promise<PollOption | null> {
      return viewers.get(
        `vote:${pollId}:${userId}`,
        async () => {
          const [vote] = await db
            .select({ option: pollVotes.option })
            .from(pollVotes)
            .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)))
            .limit(1);
          return vote ? (vote.option as PollOption) : null;
        },
        () => [userTag(userId)],
      );
    },
  };
}

/** Only the poll's own fields reach the table, whatever else the input object carries. */
function pollFields(input: PollInput) {
  return {
    title: input.title,
    optionOne: input.optionOne,
    optionTwo: input.optionTwo,
    optionThree: input.optionThree,
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
