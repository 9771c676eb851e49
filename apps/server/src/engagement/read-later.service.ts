import { ACCOUNT_MESSAGES } from "@broadsheet/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import { type Caches, userTag } from "../caching";
import type { Database } from "../db/client";
import { posts, readLater } from "../db/schema";
import { notFound } from "../errors";
import { type PostSummary, postIdOrSlug, selectPostSummaries, toPostSummary, visiblePost, visibleTo } from "../posts";

/** A reader's Read Later list ("wishlist" in the API's paths). */
/** Every change forgets the reader's cached marks (viewer-state.ts), on every instance. */
export function createReadLaterService(db: Database, caches: Caches) {
  async function findVisiblePostId(idOrSlug: string, isStaff: boolean): Promise<string> {
    const [post] = await db.select({ id: posts.id }).from(posts).where(visiblePost(idOrSlug, isStaff)).limit(1);
    if (!post) throw notFound(ACCOUNT_MESSAGES.postNotFound);
    return post.id;
  }

  return {
    /** Saving twice keeps one entry. */
    async addToReadLater(userId: string, idOrSlug: string, isStaff: boolean): Promise<void> {
      const postId = await findVisiblePostId(idOrSlug, isStaff);
      await db.insert(readLater).values({ userId, postId }).onConflictDoNothing();
      await caches.changed([userTag(userId)]);
    },

    async removeFromReadLater(userId: string, idOrSlug: string): Promise<void> {
      const matching = db.select({ id: posts.id }).from(posts).where(postIdOrSlug(idOrSlug));
      await db.delete(readLater).where(and(eq(readLater.userId, userId), inArray(readLater.postId, matching)));
      await caches.changed([userTag(userId)]);
    },

    /** Newest saved first; a post unpublished since is hidden from readers. */
    async listReadLater(userId: string, isStaff: boolean): Promise<PostSummary[]> {
      const rows = await selectPostSummaries(db, userId)
        .innerJoin(readLater, and(eq(readLater.postId, posts.id), eq(readLater.userId, userId)))
        .where(visibleTo(isStaff))
        .orderBy(desc(readLater.createdAt));
      return rows.map(toPostSummary);
    },
  };
}

export type ReadLaterService = ReturnType<typeof createReadLaterService>;
