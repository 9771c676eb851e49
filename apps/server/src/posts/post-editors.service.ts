import { EDITING_TIMEOUT_SECONDS, POST_MESSAGES, type PostEditor } from "@broadsheet/domain";
import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { postEditors, users } from "../db/schema";
import { notFound } from "../errors";
import { findVisiblePostId } from "./post-summaries";
import { ANY_STAFF } from "./viewer";

/**
 * Who has a post open in the editor (issue 43): each open editor's heartbeat keeps or takes the
 * post; the answer names whoever holds it, so the others see "{name} is editing".
 */
export function createPostEditorsService(db: Database) {
  // Staff only, so drafts count.
  const postIdOf = (idOrSlug: string) => findVisiblePostId(db, idOrSlug, ANY_STAFF);

  return {
    /** Keeps the post for `userId` when it is theirs, free, left (timed out) or taken over; answers who holds it. */
    async heartbeat(idOrSlug: string, userId: string, takeOver: boolean): Promise<PostEditor> {
      const postId = await postIdOf(idOrSlug);
      const free = sql`${postEditors.seenAt} < now() - make_interval(secs => ${EDITING_TIMEOUT_SECONDS})`;
      await db
        .insert(postEditors)
        .values({ postId, userId })
        .onConflictDoUpdate({
          target: postEditors.postId,
          set: { userId, seenAt: sql`now()` },
          where: takeOver ? undefined : or(eq(postEditors.userId, userId), free),
        });
      const [holder] = await db
        .select({ id: users.id, name: users.name, seenAt: postEditors.seenAt })
        .from(postEditors)
        .innerJoin(users, eq(users.id, postEditors.userId))
        .where(eq(postEditors.postId, postId));
      if (!holder) throw notFound(POST_MESSAGES.postNotFound);
      return {
        editor: { _id: holder.id, name: holder.name },
        mine: holder.id === userId,
        since: holder.seenAt.toISOString(),
      };
    },

    /** The editor closed: the post is free at once, if it was theirs. */
    async leave(idOrSlug: string, userId: string): Promise<void> {
      const postId = await postIdOf(idOrSlug);
      await db.delete(postEditors).where(and(eq(postEditors.postId, postId), eq(postEditors.userId, userId)));
    },
  };
}

export type PostEditorsService = ReturnType<typeof createPostEditorsService>;
