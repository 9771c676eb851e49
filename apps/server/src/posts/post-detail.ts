import { isUuid, POST_MESSAGES, type PostDetail } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import { CATEGORY_LISTS, postActivityTag, postTag, TAG_LISTS } from "../caching";
import type { Database } from "../db/client";
import { posts, types } from "../db/schema";
import { notFound } from "../errors";
import { imageSizesOf } from "../media";
import { tagsOfPost } from "../taxonomy";
import { bylinesOf } from "./bylines";
import { postFieldColumns, postFieldsOf } from "./post-fields";
import { findVisiblePostId, selectPostSummaries, toPostSummary, visiblePost } from "./post-summaries";
import { ANONYMOUS, type PostActivity, type SharedReads, type Viewer } from "./viewer";

const DETAIL_COMMENT_COUNT = 20;

/** One post as its page shows it: the summary, the body and what readers made of it. */
export function createPostDetail(
  db: Database,
  { reads, viewerState, activity }: SharedReads & { activity: PostActivity },
) {
  const findPostId = (idOrSlug: string, viewer: Viewer) => findVisiblePostId(db, idOrSlug, viewer);

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
        ...postFieldColumns,
        shareCount: posts.shareCount,
        version: posts.version,
        authorId: posts.authorId,
        typeSlug: sql<string>`coalesce(${types.slug}, '')`,
      })
      .from(posts)
      .leftJoin(types, eq(types.id, posts.typeId))
      .where(eq(posts.id, row.id));
    const [comments, reviews, imageSizes, tags, bylines] = await Promise.all([
      activity.newestComments(row.id, DETAIL_COMMENT_COUNT),
      activity.reviews(row.id),
      imageSizesOf(db, row.images),
      tagsOfPost(db, row.id),
      bylinesOf(db, row.id, extra?.authorId ?? null),
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
      ...postFieldsOf(extra),
      shareCount: extra?.shareCount ?? 0,
      version: extra?.version ?? 1,
      comments,
      reviews,
      imageSizes,
      tags,
      authors: bylines.map((byline) => byline._id),
      bylines,
    };
  }

  /** A post as its reader sees it; readers share the cached detail and get their own flags. */
  async function getPost(idOrSlug: string, viewer: Viewer): Promise<PostDetail> {
    if (viewer.isStaff) return loadPost(idOrSlug, viewer);
    const key = `post:${isUuid(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug}`;
    const post = await reads.get(
      key,
      () => loadPost(idOrSlug, ANONYMOUS),
      (shared) => [postTag(shared._id), postTag(shared.slug), postActivityTag(shared._id), CATEGORY_LISTS, TAG_LISTS],
    );
    if (!viewer.id) return post;
    return viewerState.mark(post, await viewerState.marksOn(viewer.id, [post._id]));
  }

  return { findPostId, loadPost, getPost };
}
