import type { PostBulk, PostDetail } from "@broadsheet/domain";
import { buildSku, isUuid, minuteRead, POST_MESSAGES, type PostInput, postPath } from "@broadsheet/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Caches, POST_LISTS, postTag, type ReadCache } from "../caching";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../db/pg-errors";
import { posts } from "../db/schema";
import { conflict, notFound } from "../errors";
import { type JobQueue, PUBLISH_DUE_POSTS } from "../jobs";
import { resolveCategory, resolveType, setPostTags } from "../taxonomy";
import { checkedAuthors, writeCoauthors } from "./bylines";
import type { EmbedDetails } from "./embed-details";
import { sanitizeRichText } from "./html-sanitizer";
import { createPostDetail } from "./post-detail";
import { postFieldValues } from "./post-fields";
import { createPostListing } from "./post-listing";
import { postIdOrSlug } from "./post-summaries";
import { staleVersion } from "./post-versions";
import { createPreviewTokens } from "./preview-tokens";
import type { RevisionsService } from "./revisions.service";
import { checkSchedule, publicationChange, publishDuePosts } from "./scheduling";
import { availableSlug, slugTaken } from "./slugs";
import type { PostActivity, SharedReads, Viewer } from "./viewer";

/** Writing posts, and reading them through post-detail, post-listing and preview links. */
export function createPostsService(
  db: Database,
  {
    reads,
    summaries,
    viewerState,
    activity,
    caches,
    jobs,
    revisions,
    redirects,
    embedDetails,
  }: SharedReads & {
    /** Posts' summaries by id, as every reader sees them (the search's pages). */
    summaries: ReadCache;
    activity: PostActivity;
    caches: Caches;
    jobs: Pick<JobQueue, "runAt">;
    revisions: Pick<RevisionsService, "record" | "recordBaseline">;
    /** Embeds' titles and stills from their providers, at save time (decision 077). */
    embedDetails: Pick<EmbedDetails, "fill">;
    /**
     * The redirects area's: a published post's old address leads to its new one; a saved post's address
     * redirects no more; a deleted post's old addresses stop leading to it.
     */
    redirects: {
      record(from: string, to: string): Promise<void>;
      clearAddress(path: string): Promise<void>;
      dropRedirectsTo(path: string): Promise<void>;
    };
  },
) {
  const detail = createPostDetail(db, { reads, viewerState, activity });
  const listing = createPostListing(db, { reads, summaries, viewerState });
  const { findPostId, getPost } = detail;

  /** The descriptions to store, one per image: as sent, or (left out of an update) those the images had. */
  async function imageAltsFor(input: PostInput, postId?: string): Promise<string[]> {
    if (input.imageAlt) return input.image.map((_, index) => input.imageAlt?.[index] ?? "");
    if (!postId) return input.image.map(() => "");
    const [current] = await db
      .select({ images: posts.images, imageAlts: posts.imageAlts })
      .from(posts)
      .where(eq(posts.id, postId));
    const kept = new Map(current?.images.map((url, index) => [url, current.imageAlts[index] ?? ""]));
    return input.image.map((url) => kept.get(url) ?? "");
  }

  async function writeValues(input: PostInput, postId?: string) {
    const category = await resolveCategory(db, input.category);
    const type = await resolveType(db, input.type, category.id);
    const content = await embedDetails.fill(sanitizeRichText(input.content));
    return {
      category,
      values: {
        title: input.title,
        link: input.link,
        content,
        categoryId: category.id,
        typeId: type?.id ?? null,
        images: input.image,
        imageAlts: await imageAltsFor(input, postId),
        minuteRead: minuteRead(content),
        ...postFieldValues(input),
      },
    };
  }

  /** The slug an editor chose, refused when another post has it. */
  async function chosenSlug(slug: string, ownId?: string): Promise<string> {
    if (await slugTaken(db, slug, ownId)) throw conflict(POST_MESSAGES.slugTaken);
    return slug;
  }

  async function insertPost(input: PostInput, creatorId: string, viewer: Viewer): Promise<PostDetail> {
    const { category, values } = await writeValues(input);
    // The creator unless the editor named the bylines (a freelancer's story under their name).
    const authors = input.authors ? await checkedAuthors(db, input.authors) : [creatorId];
    const authorId = authors[0] ?? creatorId;
    const chosen = input.slug === undefined ? undefined : await chosenSlug(input.slug);
    const scheduledAt = input.scheduledAt ? checkSchedule(input.scheduledAt) : null;
    const isPublished = scheduledAt ? false : (input.isPublished ?? true);
    for (let attempt = 0; ; attempt++) {
      try {
        const slug = chosen ?? (await availableSlug(db, input.title));
        // A post is seen with its tags or not at all.
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(posts)
            .values({
              ...values,
              slug,
              sku: buildSku(category.name),
              authorId,
              isPublished,
              publishedAt: isPublished ? new Date() : null,
              scheduledAt,
              correction: input.correction ?? "",
              correctedAt: input.correction ? new Date() : null,
            })
            .returning({ id: posts.id });
          if (!row) throw new Error("insert returned no row");
          await setPostTags(tx, row.id, input.tags ?? []);
          await writeCoauthors(tx, row.id, authors);
          return row;
        });
        await revisions.record(created.id, creatorId);
        if (scheduledAt) await jobs.runAt(PUBLISH_DUE_POSTS, scheduledAt);
        return getPost(created.id, viewer);
      } catch (error) {
        // Two posts with the same title at the same moment: take the next suffix (a chosen slug has none).
        if (chosen !== undefined && isUniqueViolation(error)) throw conflict(POST_MESSAGES.slugTaken);
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  return {
    getPost,
    listPosts: listing.listPosts,
    ...createPreviewTokens(db, detail.loadPost),

    async createPost(input: PostInput, authorId: string, viewer: Viewer): Promise<PostDetail> {
      const post = await insertPost(input, authorId, viewer);
      await redirects.clearAddress(postPath(post.slug));
      await caches.changed([POST_LISTS, postTag(post._id), postTag(post.slug)]);
      return post;
    },

    /** A new slug of a published post leaves a 301 from the old address, so links already shared keep working. */
    async updatePost(idOrSlug: string, input: PostInput, viewer: Viewer): Promise<PostDetail> {
      const id = await findPostId(idOrSlug, viewer);
      const [before] = await db
        .select({ slug: posts.slug, isPublished: posts.isPublished, version: posts.version })
        .from(posts)
        .where(eq(posts.id, id));
      if (!before) throw notFound(POST_MESSAGES.postNotFound);
      const refuseStale = async () => staleVersion(input, await getPost(id, viewer));
      if (input.version !== undefined && input.version !== before.version) throw await refuseStale();
      const slug =
        input.slug === undefined || input.slug === before.slug ? {} : { slug: await chosenSlug(input.slug, id) };
      await revisions.recordBaseline(id);
      const { values } = await writeValues(input, id);
      const authors = input.authors ? await checkedAuthors(db, input.authors) : undefined;
      const publication = publicationChange(input);
      // A new or changed note is dated now; the same note again keeps its date.
      const correction =
        input.correction === undefined
          ? {}
          : {
              correction: input.correction,
              correctedAt:
                input.correction === ""
                  ? null
                  : sql`case when ${posts.correction} = ${input.correction} then ${posts.correctedAt} else now() end`,
            };
      try {
        const saved = await db.transaction(async (tx) => {
          // Only over the version read above: a save that slipped in between wins, and this one is told.
          const [row] = await tx
            .update(posts)
            .set({
              ...values,
              ...slug,
              ...publication,
              ...correction,
              ...(authors?.[0] && { authorId: authors[0] }),
              version: sql`${posts.version} + 1`,
              updatedAt: new Date(),
            })
            .where(and(eq(posts.id, id), eq(posts.version, before.version)))
            .returning({ id: posts.id });
          if (!row) return false;
          if (input.tags) await setPostTags(tx, id, input.tags);
          if (authors) await writeCoauthors(tx, id, authors);
          return true;
        });
        if (!saved) throw await refuseStale();
      } catch (error) {
        if (slug.slug && isUniqueViolation(error)) throw conflict(POST_MESSAGES.slugTaken);
        throw error;
      }
      if (slug.slug && before.isPublished) await redirects.record(postPath(before.slug), postPath(slug.slug));
      else await redirects.clearAddress(postPath(slug.slug ?? before.slug));
      await revisions.record(id, viewer.id);
      if (publication.scheduledAt) await jobs.runAt(PUBLISH_DUE_POSTS, publication.scheduledAt);
      const post = await getPost(id, viewer);
      await caches.changed([
        POST_LISTS,
        postTag(idOrSlug),
        postTag(post._id),
        postTag(post.slug),
        postTag(before.slug),
      ]);
      return post;
    },

    /** Comments, likes, reviews, Read Later entries and stats go with it (ON DELETE CASCADE). */
    async deletePost(idOrSlug: string): Promise<{ _id: string; slug: string }> {
      const [deleted] = await db
        .delete(posts)
        .where(postIdOrSlug(idOrSlug))
        .returning({ id: posts.id, slug: posts.slug });
      if (!deleted) throw notFound(POST_MESSAGES.postNotFound);
      await redirects.dropRedirectsTo(postPath(deleted.slug));
      await caches.changed([POST_LISTS, postTag(idOrSlug), postTag(deleted.id), postTag(deleted.slug)]);
      return { _id: deleted.id, slug: deleted.slug };
    },

    async togglePublish(idOrSlug: string): Promise<{ _id: string; isPublished: boolean }> {
      const [updated] = await db
        .update(posts)
        .set({
          isPublished: sql`not ${posts.isPublished}`,
          publishedAt: sql`case when ${posts.isPublished} then ${posts.publishedAt} else coalesce(${posts.publishedAt}, now()) end`,
          // Published by hand or withdrawn: either way no longer waiting for its time.
          scheduledAt: null,
          previewTokenHash: sql`case when ${posts.isPublished} then ${posts.previewTokenHash} else null end`,
          version: sql`${posts.version} + 1`,
          updatedAt: new Date(),
        })
        .where(postIdOrSlug(idOrSlug))
        .returning({ id: posts.id, isPublished: posts.isPublished });
      if (!updated) throw notFound(POST_MESSAGES.postNotFound);
      await caches.changed([POST_LISTS, postTag(idOrSlug), postTag(updated.id)]);
      return { _id: updated.id, isPublished: updated.isPublished };
    },

    /**
     * Several posts at once (docs/product/post-lists.md), each as its own call would; answers how
     * many changed. Posts gone meanwhile, or already in the asked state, are passed over.
     */
    async bulkPosts({ ids, action, category }: PostBulk): Promise<number> {
      const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
      const rows = wanted.length
        ? await db.select({ id: posts.id, isPublished: posts.isPublished }).from(posts).where(inArray(posts.id, wanted))
        : [];
      if (action === "delete") {
        for (const row of rows) await this.deletePost(row.id);
        return rows.length;
      }
      if (action === "setCategory") {
        const chosen = await resolveCategory(db, category ?? "");
        const moved = await db
          .update(posts)
          .set({ categoryId: chosen.id, typeId: null, version: sql`${posts.version} + 1`, updatedAt: new Date() })
          .where(inArray(posts.id, wanted))
          .returning({ id: posts.id, slug: posts.slug });
        await caches.changed([POST_LISTS, ...moved.flatMap((post) => [postTag(post.id), postTag(post.slug)])]);
        return moved.length;
      }
      const flipping = rows.filter((row) => row.isPublished !== (action === "publish"));
      for (const row of flipping) await this.togglePublish(row.id);
      return flipping.length;
    },

    /** The publish-due-posts job: every scheduled post whose time has come goes out. */
    async publishDuePosts(): Promise<{ _id: string; slug: string }[]> {
      const published = await publishDuePosts(db);
      if (published.length > 0) {
        await caches.changed([POST_LISTS, ...published.flatMap((post) => [postTag(post._id), postTag(post.slug)])]);
      }
      return published;
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
