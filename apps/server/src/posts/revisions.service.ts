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
import { sanitizeRichText } from "./html-sanitizer";
import { findVisiblePostId } from "./post-summaries";
import { ANY_STAFF } from "./viewer";

const summaryColumns = {
  id: postRevisions.id,
  createdAt: postRevisions.createdAt,
  author: sql<string>`coalesce(${users.name}, 'Anonymous')`,
  title: postRevisions.title,
  kind: postRevisions.kind,
};

function toSummary(row: { id: string; createdAt: Date; author: string; title: string; kind: string }): RevisionSummary {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    author: row.author,
    title: row.title,
    autosave: row.kind === "autosave",
  };
}

/**
 * Revisions of posts (issue 15): each save is recorded as it was saved, the newest
 * REVISIONS_KEPT per post are kept, and a restore writes an old one back as a new save.
 * An autosave (issue 43) keeps an editor's unsaved title and text beside them, one per editor.
 */
export function createRevisionsService(
  db: Database,
  deps: { caches: Caches; getPost: (id: string) => Promise<PostDetail> },
) {
  // Staff only, so drafts count.
  const postIdOf = (idOrSlug: string) => findVisiblePostId(db, idOrSlug, ANY_STAFF);

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

  /** A copy of the post as it is now saved; an autosave replaces its title and content with the editor's. */
  function insertRevision(
    postId: string,
    authorId: string | undefined,
    { kind, title, content }: { kind: "save" | "autosave"; title?: string; content?: string },
  ) {
    return db
      .insert(postRevisions)
      .select(
        db
          .select({
            id: sql`gen_random_uuid()`.as("id"),
            postId: posts.id,
            title: title === undefined ? posts.title : sql<string>`${title}`.as("title"),
            content: content === undefined ? posts.content : sql<string>`${content}`.as("content"),
            link: posts.link,
            images: posts.images,
            imageAlts: posts.imageAlts,
            categoryId: posts.categoryId,
            categoryName: categories.name,
            typeId: posts.typeId,
            typeName: sql<string>`coalesce(${types.name}, '')`.as("type_name"),
            authorId: sql`${authorId ?? null}::uuid`.as("author_id"),
            kind: sql<string>`${kind}`.as("kind"),
            createdAt: sql`clock_timestamp()`.as("created_at"),
          })
          .from(posts)
          .innerJoin(categories, eq(categories.id, posts.categoryId))
          .leftJoin(types, eq(types.id, posts.typeId))
          .where(eq(posts.id, postId)),
      )
      .returning({ id: postRevisions.id });
  }

  const dropAutosave = (postId: string, authorId: string) =>
    db
      .delete(postRevisions)
      .where(
        and(eq(postRevisions.postId, postId), eq(postRevisions.authorId, authorId), eq(postRevisions.kind, "autosave")),
      );

  const service = {
    /** Records the post as it now is, saved by `authorId`, and prunes past the limit and that editor's autosave. */
    async record(postId: string, authorId: string | undefined): Promise<void> {
      await insertRevision(postId, authorId, { kind: "save" });
      if (authorId) await dropAutosave(postId, authorId);
      const kept = db
        .select({ id: postRevisions.id })
        .from(postRevisions)
        .where(eq(postRevisions.postId, postId))
        .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
        .limit(REVISIONS_KEPT);
      await db.delete(postRevisions).where(and(eq(postRevisions.postId, postId), notInArray(postRevisions.id, kept)));
    },

    /** The editor's unsaved title and text, over the post's other fields as saved; replaces their last autosave. */
    async autosave(idOrSlug: string, editorId: string, draft: { title: string; content: string }) {
      const postId = await postIdOf(idOrSlug);
      await dropAutosave(postId, editorId);
      const [row] = await insertRevision(postId, editorId, {
        kind: "autosave",
        title: draft.title,
        content: sanitizeRichText(draft.content),
      });
      if (!row) throw notFound(REVISION_MESSAGES.notFound);
      const [saved] = await db
        .select(summaryColumns)
        .from(postRevisions)
        .leftJoin(users, eq(users.id, postRevisions.authorId))
        .where(eq(postRevisions.id, row.id));
      if (!saved) throw notFound(REVISION_MESSAGES.notFound);
      return toSummary(saved);
    },

    /**
     * Before the first edit of a post that has no revision (made before revisions existed, or
     * by the seed), keeps it as it was, by its author: the first change then has a "before".
     */
    async recordBaseline(postId: string): Promise<void> {
      const [any] = await db
        .select({ id: postRevisions.id })
        .from(postRevisions)
        .where(and(eq(postRevisions.postId, postId), eq(postRevisions.kind, "save")))
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
          // A restore is a save: an editor who opened the post before it gets the 409 of decision 076.
          version: sql`${posts.version} + 1`,
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
