import { POST_MESSAGES, type PostDetail, PREVIEW_MESSAGES } from "@broadsheet/domain";
import { and, eq } from "drizzle-orm";
import { createToken, hashToken } from "../accounts";
import type { Database } from "../db/client";
import { posts } from "../db/schema";
import { conflict, notFound } from "../errors";
import { postIdOrSlug } from "./post-summaries";
import { ANY_STAFF, type Viewer } from "./viewer";

/** Secret links that show an unpublished post as readers will see it; publishing ends them. */
export function createPreviewTokens(db: Database, loadPost: (id: string, viewer: Viewer) => Promise<PostDetail>) {
  return {
    /** A new secret preview link for an unpublished post (the previous one stops working). */
    async createPreviewToken(idOrSlug: string): Promise<string> {
      const [post] = await db
        .select({ id: posts.id, isPublished: posts.isPublished })
        .from(posts)
        .where(postIdOrSlug(idOrSlug));
      if (!post) throw notFound(POST_MESSAGES.postNotFound);
      if (post.isPublished) throw conflict(PREVIEW_MESSAGES.alreadyPublished);
      const token = createToken();
      await db
        .update(posts)
        .set({ previewTokenHash: hashToken(token) })
        .where(and(eq(posts.id, post.id), eq(posts.isPublished, false)));
      return token;
    },

    async revokePreviewLink(idOrSlug: string): Promise<void> {
      const [post] = await db
        .update(posts)
        .set({ previewTokenHash: null })
        .where(postIdOrSlug(idOrSlug))
        .returning({ id: posts.id });
      if (!post) throw notFound(POST_MESSAGES.postNotFound);
    },

    /** The post a preview link shows, as readers will see it; never from a cache. */
    async getPreview(token: string): Promise<PostDetail> {
      const [post] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.previewTokenHash, hashToken(token)), eq(posts.isPublished, false)));
      if (!post) throw notFound(PREVIEW_MESSAGES.notFound);
      return loadPost(post.id, ANY_STAFF);
    },
  };
}
