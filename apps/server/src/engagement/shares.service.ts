import { POST_MESSAGES, type ShareInput } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { pgErrorCode } from "../db/pg-errors";
import { posts, shares } from "../db/schema";
import { notFound } from "../errors";
import { visiblePost } from "../posts";
import { bumpDailyStat } from "./daily-stats";

/** The share log (docs/product.md#6-content-and-data "Share"): anyone may record a share of a published post. */
export function createSharesService(db: Database) {
  return {
    async recordShare(input: ShareInput): Promise<void> {
      // Drafts cannot be shared: they are looked up as a reader sees them, whoever asks.
      const [post] = await db.select({ id: posts.id }).from(posts).where(visiblePost(input.postId, false)).limit(1);
      if (!post) throw notFound(POST_MESSAGES.postNotFound);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(shares).values({ postId: post.id, platform: input.platform });
          await tx
            .update(posts)
            .set({ shareCount: sql`${posts.shareCount} + 1` })
            .where(eq(posts.id, post.id));
          await bumpDailyStat(tx, post.id, "shares");
        });
      } catch (error) {
        // Deleted between the lookup and the insert.
        if (pgErrorCode(error) === "23503") throw notFound(POST_MESSAGES.postNotFound);
        throw error;
      }
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
