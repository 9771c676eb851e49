import type {
  PostComment as CommentView,
  PostDetail,
  PostListQuery,
  PostReview as ReviewView,
} from "@broadsheet/domain";
import {
  buildSku,
  isUuid,
  minuteRead,
  POST_MESSAGES,
  type PostInput,
  PREVIEW_MESSAGES,
  slugify,
} from "@broadsheet/domain";
import { and, asc, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Page } from "../accounts";
import { createToken, hashToken } from "../accounts";
import type { ReadCache } from "../caching";
import {
  CATEGORY_LISTS,
  type ContentChanges,
  POST_LISTS,
  postActivityTag,
  postTag,
  withContentWrites,
} from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation } from "../db/pg-errors";
import { categories, comments, posts, reviews, types, users } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import type { ViewerStateService } from "../engagement";
import { conflict, invalid, notFound } from "../errors";
import { type JobQueue, PUBLISH_DUE_POSTS } from "../jobs";
import { imageSizesOf } from "../media";
import { sanitizeRichText } from "./html-sanitizer";
import { createPostSearch } from "./post-search";
import {
  type PostSummary,
  postIdOrSlug,
  selectPostSummaries,
  toPostSummary,
  visiblePost,
  visibleTo,
} from "./post-summaries";
import type { RevisionsService } from "./revisions.service";

export type { CommentView, PostDetail, ReviewView };

export interface Viewer {
  id: string | undefined;
  isStaff: boolean;
}

const DETAIL_COMMENT_COUNT = 20;

/** A post's reviews as the detail shows them: count, average (one decimal), newest first. */
/** A post's comments, newest first, with their authors (gone accounts answer as Anonymous). */
export function selectComments(db: Database, postId: string) {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      createdAt: comments.createdAt,
      userId: users.id,
      name: users.name,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id));
}

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

export function toCommentView(comment: CommentRow): CommentView {
  return {
    _id: comment.id,
    text: comment.text,
    created: comment.createdAt.toISOString(),
    postedBy: { _id: comment.userId, name: comment.name ?? "Anonymous" },
  };
}

export async function loadReviews(db: Database, postId: string): Promise<PostDetail["reviews"]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      userId: users.id,
      name: users.name,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.postId, postId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const ratingSum = rows.reduce((sum, review) => sum + review.rating, 0);
  return {
    count: rows.length,
    average: rows.length ? Math.round((ratingSum / rows.length) * 10) / 10 : 0,
    items: rows.map((review) => ({
      _id: review.id,
      rating: review.rating,
      text: review.text,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      user: { _id: review.userId, name: review.name },
    })),
  };
}

/** What an anonymous reader sees: the shape every cached read is loaded as. */
export const ANONYMOUS: Viewer = { id: undefined, isStaff: false };

export interface SharedReads {
  reads: ReadCache;
  viewerState: ViewerStateService;
}

export function createPostsService(
  db: Database,
  {
    reads,
    summaries,
    viewerState,
    content,
    jobs,
    revisions,
  }: SharedReads & {
    /** Posts' summaries by id, as every reader sees them (the search's pages). */
    summaries: ReadCache;
    content: ContentChanges;
    jobs: Pick<JobQueue, "runAt">;
    revisions: Pick<RevisionsService, "record" | "recordBaseline">;
  },
) {
  const postSearch = createPostSearch(db, reads, summaries);

  /** A schedule must lie ahead; the publishing job is asked to run at that time. */
  function checkSchedule(at: Date): Date {
    if (at.getTime() <= Date.now()) throw invalid(POST_MESSAGES.scheduleInPast);
    return at;
  }

  /**
   * What an update does to publication: a time schedules the post (a draft until then), null
   * unschedules it back to a draft, isPublished publishes now or withdraws it.
   */
  function publicationChange(input: PostInput) {
    if (input.scheduledAt) return { isPublished: false, scheduledAt: checkSchedule(input.scheduledAt) };
    if (input.scheduledAt === null)
      return { isPublished: input.isPublished ?? false, scheduledAt: null, ...publishedAtFor(input.isPublished) };
    if (input.isPublished === undefined) return {};
    return {
      isPublished: input.isPublished,
      ...(input.isPublished ? { scheduledAt: null } : {}),
      ...publishedAtFor(input.isPublished),
    };
  }

  // Published, a post no longer has a preview link: its own address is public.
  function publishedAtFor(isPublished: boolean | undefined) {
    return isPublished ? { publishedAt: sql`coalesce(${posts.publishedAt}, now())`, previewTokenHash: null } : {};
  }

  async function resolveCategory(reference: string) {
    const [category] = await db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(
        isUuid(reference)
          ? eq(categories.id, reference)
          : or(eq(categories.slug, reference), sql`lower(${categories.name}) = ${reference.toLowerCase()}`),
      )
      .limit(1);
    if (!category) throw notFound(POST_MESSAGES.categoryNotFound);
    return category;
  }

  async function resolveType(reference: string, categoryId: string) {
    if (!reference) return null;
    const [type] = await db
      .select({ id: types.id, categoryId: types.categoryId })
      .from(types)
      .where(
        isUuid(reference)
          ? eq(types.id, reference)
          : or(eq(types.slug, reference), sql`lower(${types.name}) = ${reference.toLowerCase()}`),
      )
      .limit(1);
    if (!type) throw notFound(POST_MESSAGES.typeNotFound);
    if (type.categoryId !== categoryId) throw invalid(POST_MESSAGES.typeNotInCategory);
    return type;
  }

  /** A slug from the title, suffixed -2, -3, … when taken. */
  async function availableSlug(title: string, ownId?: string): Promise<string> {
    const base = slugify(title);
    const taken = await db
      .select({ slug: posts.slug, id: posts.id })
      .from(posts)
      .where(or(eq(posts.slug, base), ilike(posts.slug, `${escapeLike(base)}-%`)));
    const used = new Set(taken.filter((row) => row.id !== ownId).map((row) => row.slug));
    if (!used.has(base)) return base;
    for (let suffix = 2; ; suffix++) if (!used.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }

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
    const category = await resolveCategory(input.category);
    const type = await resolveType(input.type, category.id);
    const content = sanitizeRichText(input.content);
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
      },
    };
  }

  async function findPostId(idOrSlug: string, viewer: Viewer): Promise<string> {
    const [post] = await db.select({ id: posts.id }).from(posts).where(visiblePost(idOrSlug, viewer.isStaff)).limit(1);
    if (!post) throw notFound(POST_MESSAGES.postNotFound);
    return post.id;
  }

  async function loadPost(idOrSlug: string, viewer: Viewer): Promise<PostDetail> {
    const [row] = await selectPostSummaries(db, viewer.id).where(visiblePost(idOrSlug, viewer.isStaff)).limit(1);
    if (!row) throw notFound(POST_MESSAGES.postNotFound);
    const [extra] = await db
      .select({
        content: posts.content,
        link: posts.link,
        sku: posts.sku,
        publishedAt: posts.publishedAt,
        updatedAt: posts.updatedAt,
        correction: posts.correction,
        correctedAt: posts.correctedAt,
        shareCount: posts.shareCount,
        typeSlug: sql<string>`coalesce(${types.slug}, '')`,
      })
      .from(posts)
      .leftJoin(types, eq(types.id, posts.typeId))
      .where(eq(posts.id, row.id));
    const [commentRows, reviewRows, imageSizes] = await Promise.all([
      selectComments(db, row.id).limit(DETAIL_COMMENT_COUNT),
      loadReviews(db, row.id),
      imageSizesOf(db, row.images),
    ]);
    return {
      ...toPostSummary(row),
      content: extra?.content ?? "",
      link: extra?.link ?? "",
      sku: extra?.sku ?? "",
      typeSlug: extra?.typeSlug ?? "",
      publishedAt: extra?.publishedAt?.toISOString() ?? null,
      updatedAt: (extra?.updatedAt ?? row.createdAt).toISOString(),
      correction: extra?.correction ?? "",
      correctedAt: extra?.correctedAt?.toISOString() ?? null,
      shareCount: extra?.shareCount ?? 0,
      comments: commentRows.map(toCommentView),
      reviews: reviewRows,
      imageSizes,
    };
  }

  // Staff see drafts, and readers' lists come from the shared read cache: both start here.
  const uncached = {
    async listPosts(query: PostListQuery, viewer: Viewer): Promise<Page<PostSummary>> {
      const conditions: (SQL | undefined)[] = [visibleTo(viewer.isStaff)];
      const search = query.search.trim();
      // Filters as subqueries on posts' own columns, so the count needs no join.
      if (query.category && query.category !== "All") {
        const category = query.category.toLowerCase();
        conditions.push(
          inArray(
            posts.categoryId,
            db
              .select({ id: categories.id })
              .from(categories)
              .where(or(sql`lower(${categories.name}) = ${category}`, eq(categories.slug, query.category))),
          ),
        );
      }
      if (query.type && query.type !== "All") {
        const type = query.type.toLowerCase();
        conditions.push(
          inArray(
            posts.typeId,
            db
              .select({ id: types.id })
              .from(types)
              .where(or(sql`lower(${types.name}) = ${type}`, eq(types.slug, query.type))),
          ),
        );
      }
      if (query.author) {
        conditions.push(
          inArray(posts.authorId, db.select({ id: users.id }).from(users).where(eq(users.slug, query.author))),
        );
      }
      if (search) {
        const { page: _page, limit: _limit, ...words } = query;
        const sharedKey = viewer.isStaff ? undefined : JSON.stringify(words);
        const found = await postSearch.search(and(...conditions), search, query, viewer.id, sharedKey);
        return { ...found, page: query.page, limit: query.limit };
      }
      const where = and(...conditions);
      const order: SQL[] = {
        latest: [desc(posts.createdAt), desc(posts.id)],
        oldest: [asc(posts.createdAt), asc(posts.id)],
        "a-z": [sql`lower(${posts.title}) asc`, asc(posts.id)],
        "z-a": [sql`lower(${posts.title}) desc`, desc(posts.id)],
      }[query.sort];

      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(posts).where(where),
        (offset) =>
          selectPostSummaries(db, viewer.id)
            .where(where)
            .orderBy(...order)
            .limit(query.limit)
            .offset(offset),
      );
      return { items: rows.map(toPostSummary), total, page: query.page, limit: query.limit };
    },
  };

  /** A post as its reader sees it; readers share the cached detail and get their own flags. */
  async function getPost(idOrSlug: string, viewer: Viewer): Promise<PostDetail> {
    if (viewer.isStaff) return loadPost(idOrSlug, viewer);
    const key = `post:${isUuid(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug}`;
    const post = await reads.get(
      key,
      () => loadPost(idOrSlug, ANONYMOUS),
      (shared) => [postTag(shared._id), postTag(shared.slug), postActivityTag(shared._id), CATEGORY_LISTS],
    );
    if (!viewer.id) return post;
    return viewerState.mark(post, await viewerState.marksOn(viewer.id, [post._id]));
  }

  const service = {
    resolveCategory,
    findPostId,
    getPost,

    async createPost(input: PostInput, authorId: string, viewer: Viewer): Promise<PostDetail> {
      const { category, values } = await writeValues(input);
      const scheduledAt = input.scheduledAt ? checkSchedule(input.scheduledAt) : null;
      const isPublished = scheduledAt ? false : (input.isPublished ?? true);
      for (let attempt = 0; ; attempt++) {
        try {
          const [created] = await db
            .insert(posts)
            .values({
              ...values,
              slug: await availableSlug(input.title),
              sku: buildSku(category.name),
              authorId,
              isPublished,
              publishedAt: isPublished ? new Date() : null,
              scheduledAt,
              correction: input.correction ?? "",
              correctedAt: input.correction ? new Date() : null,
            })
            .returning({ id: posts.id });
          if (!created) throw new Error("insert returned no row");
          await revisions.record(created.id, authorId);
          if (scheduledAt) await jobs.runAt(PUBLISH_DUE_POSTS, scheduledAt);
          return getPost(created.id, viewer);
        } catch (error) {
          // Two posts with the same title at the same moment: take the next suffix.
          if (attempt < 3 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /** The slug stays as it is: links already shared keep working. */
    async updatePost(idOrSlug: string, input: PostInput, viewer: Viewer): Promise<PostDetail> {
      const id = await findPostId(idOrSlug, viewer);
      await revisions.recordBaseline(id);
      const { values } = await writeValues(input, id);
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
      await db
        .update(posts)
        .set({ ...values, ...publication, ...correction, updatedAt: new Date() })
        .where(eq(posts.id, id));
      await revisions.record(id, viewer.id);
      if (publication.scheduledAt) await jobs.runAt(PUBLISH_DUE_POSTS, publication.scheduledAt);
      return getPost(id, viewer);
    },

    /** Comments, likes, reviews, Read Later entries and stats go with it (ON DELETE CASCADE). */
    async deletePost(idOrSlug: string): Promise<{ _id: string; slug: string }> {
      const [deleted] = await db
        .delete(posts)
        .where(postIdOrSlug(idOrSlug))
        .returning({ id: posts.id, slug: posts.slug });
      if (!deleted) throw notFound(POST_MESSAGES.postNotFound);
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
          updatedAt: new Date(),
        })
        .where(postIdOrSlug(idOrSlug))
        .returning({ id: posts.id, isPublished: posts.isPublished });
      if (!updated) throw notFound(POST_MESSAGES.postNotFound);
      return { _id: updated.id, isPublished: updated.isPublished };
    },

    /**
     * Publishes every scheduled post whose time has come. One UPDATE: when several instances
     * sweep at once, each row is published by exactly one of them. The post takes its
     * scheduled time as its date, so it leads the lists as a new story.
     */
    async publishDuePosts(): Promise<{ _id: string; slug: string }[]> {
      const published = await db
        .update(posts)
        .set({
          isPublished: true,
          publishedAt: sql`${posts.scheduledAt}`,
          createdAt: sql`${posts.scheduledAt}`,
          updatedAt: sql`${posts.scheduledAt}`,
          scheduledAt: null,
          previewTokenHash: null,
        })
        .where(and(lte(posts.scheduledAt, sql`now()`), eq(posts.isPublished, false)))
        .returning({ id: posts.id, slug: posts.slug });
      return published.map((post) => ({ _id: post.id, slug: post.slug }));
    },

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
      return loadPost(post.id, { id: undefined, isStaff: true });
    },

    /** Readers share one cached page of results; their own flags are added per request. */
    async listPosts(query: PostListQuery, viewer: Viewer): Promise<Page<PostSummary>> {
      if (viewer.isStaff) return uncached.listPosts(query, viewer);
      const page = await reads.get(
        `posts:${JSON.stringify(query)}`,
        () => uncached.listPosts(query, ANONYMOUS),
        () => [POST_LISTS],
      );
      return viewer.id ? { ...page, items: await viewerState.forViewer(viewer.id, page.items) } : page;
    },
  };
  return withContentWrites(content, service, {
    createPost: (post) => [POST_LISTS, postTag(post._id), postTag(post.slug)],
    updatePost: (post, idOrSlug) => [POST_LISTS, postTag(idOrSlug), postTag(post._id), postTag(post.slug)],
    deletePost: (deleted, idOrSlug) => [POST_LISTS, postTag(idOrSlug), postTag(deleted._id), postTag(deleted.slug)],
    togglePublish: (post, idOrSlug) => [POST_LISTS, postTag(idOrSlug), postTag(post._id)],
    publishDuePosts: (published) =>
      published.length === 0
        ? []
        : [POST_LISTS, ...published.flatMap((post) => [postTag(post._id), postTag(post.slug)])],
  });
}

export type PostsService = ReturnType<typeof createPostsService>;
