import {
  isUuid,
  minuteRead,
  type PostDetail,
  REVISION_MESSAGES,
  REVISIONS_KEPT,
  type Revision,
  type RevisionSummary,
} from "@broadsheet/domain";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { type Caches, POST_LISTS, postTag } from "../caching";
import type { Database } from "../db/client";
import { categories, postRevisions, posts, types, users } from "../db/schema";
import { notFound } from "../errors";

const summaryColumns = {
  id: postRevisions.id,
  createdAt: postRevisions.createdAt,
  author: sql<string>`coalesce(${users.name}, 'Anonymous')`,
  title: postRevisions.title,
};

function toSummary(row: { id: string; createdAt: Date; author: string; title: string }): RevisionSummary {
  return { _id: row.id, createdAt: row.createdAt.toISOString(), author: row.author, title: row.title };
}

/**
 * Revisions of posts (issue 15): each save is recorded as it was saved, the newest
 * REVISIONS_KEPT per post are kept, and a restore writes an old one back as a new save.
 */
export function createRevisionsService(
  db: Database,
  deps: { caches: Caches; getPost: (id: string) => Promise<PostDetail> },
) {
  /** The post's id; revisions are staff-only, so drafts count. */
  async function postIdOf(idOrSlug: string): Promise<string> {
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(isUuid(idOrSlug) ? eq(posts.id, idOrSlug.toLowerCase()) : eq(posts.slug, idOrSlug));
    if (!post) throw notFound("Post not found");
    return post.id;
  }

  async function findRevision(postId: string, revisionId: string) {
    if (!isUuid(revisionId)) throw notFound(REVISION_MESSAGES.notFound);
    const [row] = await db
      .select({
        ...summaryColumns,
        content: postRevisions.content,
        link: postRevisions.link,
        images: postRevisions.images,
        imageAlts: postRevisions.imageAlts,
        categoryId: postRevisions.categoryId,
        categoryName: postRevisions.categoryName,
        typeId: postRevisions.typeId,
        typeName: postRevisions.typeName,
      })
      .from(postRevisions)
      .leftJoin(users, eq(users.id, postRevisions.authorId))
      .where(and(eq(postRevisions.id, revisionId.toLowerCase()), eq(postRevisions.postId, postId)));
    if (!row) throw notFound(REVISION_MESSAGES.notFound);
    return row;
  }

  const service = {
    /** Records the post as it now is, saved by `authorId`, and prunes past the limit. */
    async record(postId: string, authorId: string | undefined): Promise<void> {
      await db.insert(postRevisions).select(
        db
          .select({
            id: sql`gen_random_uuid()`.as("id"),
            postId: posts.id,
            title: posts.title,
            content: posts.content,
            link: posts.link,
            images: posts.images,
            imageAlts: posts.imageAlts,
            categoryId: posts.categoryId,
            categoryName: categories.name,
            typeId: posts.typeId,
            typeName: sql<string>`coalesce(${types.name}, '')`.as("type_name"),
            authorId: sql`${authorId ?? null}::uuid`.as("author_id"),
            createdAt: sql`clock_timestamp()`.as("created_at"),
          })
          .from(posts)
          .innerJoin(categories, eq(categories.id, posts.categoryId))
          .leftJoin(types, eq(types.id, posts.typeId))
          .where(eq(posts.id, postId)),
      );
      const kept = db
        .select({ id: postRevisions.id })
        .from(postRevisions)
        .where(eq(postRevisions.postId, postId))
        .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
        .limit(REVISIONS_KEPT);
      await db.delete(postRevisions).where(and(eq(postRevisions.postId, postId), notInArray(postRevisions.id, kept)));
    },

    /**
     * Before the first edit of a post that has no revision (made before revisions existed, or
     * by the seed), keeps it as it was, by its author: the first change then has a "before".
     */
    async recordBaseline(postId: string): Promise<void> {
      const [any] = await db
        .select({ id: postRevisions.id })
        .from(postRevisions)
        .where(eq(postRevisions.postId, postId))
        .limit(1);
      if (any) return;
      const [post] = await db.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId));
      await service.record(postId, post?.authorId ?? undefined);
    },

    async listRevisions(idOrSlug: string): Promise<RevisionSummary[]> {
      const postId = await postIdOf(idOrSlug);
      const rows = await db
        .select(summaryColumns)
        .from(postRevisions)
        .leftJoin(users, eq(users.id, postRevisions.authorId))
        .where(eq(postRevisions.postId, postId))
        .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id));
      return rows.map(toSummary);
    },

    async getRevision(idOrSlug: string, revisionId: string): Promise<Revision> {
      const row = await findRevision(await postIdOf(idOrSlug), revisionId);
      return {
        ...toSummary(row),
        content: row.content,
        link: row.link,
        image: row.images,
        imageAlt: row.imageAlts,
        category: row.categoryName,
        type: row.typeName,
      };
    },

    /**
     * Writes a revision back as the post's current version, and records that as a new
     * revision. A category deleted since keeps the post's current one (and type).
     */
    async restoreRevision(idOrSlug: string, revisionId: string, editorId: string): Promise<PostDetail> {
      const postId = await postIdOf(idOrSlug);
      const revision = await findRevision(postId, revisionId);
      const [category] = revision.categoryId
        ? await db
            .select({ id: categories.id })
            .from(categories)
            .where(inArray(categories.id, [revision.categoryId]))
        : [];
      await db
        .update(posts)
        .set({
          title: revision.title,
          content: revision.content,
          link: revision.link,
          images: revision.images,
          imageAlts: revision.imageAlts,
          minuteRead: minuteRead(revision.content),
          ...(category ? { categoryId: category.id, typeId: revision.typeId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(posts.id, postId));
      await service.record(postId, editorId);
      const post = await deps.getPost(postId);
      await deps.caches.changed([POST_LISTS, postTag(post._id), postTag(post.slug)]);
      return post;
    },
  };
  return service;
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
