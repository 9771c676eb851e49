import type { PostSummary } from "@broadsheet/domain";
import { isUuid, POST_MESSAGES } from "@broadsheet/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, postLikes, posts, readLater, types, users } from "../db/schema";
import { notFound } from "../errors";
import { type Coauthor, coauthorsOfPost } from "./bylines";
import type { Viewer } from "./viewer";

export type { PostSummary };

/** Columns of a summary; the viewer's own flags only when someone is logged in. */
export function summaryColumns(viewerId: string | undefined) {
  return {
    id: posts.id,
    slug: posts.slug,
    title: posts.title,
    excerpt: posts.excerpt,
    link: posts.link,
    author: sql<string>`coalesce(${users.name}, 'Anonymous')`,
    authorSlug: sql<string>`coalesce(${users.slug}, '')`,
    coauthors: coauthorsOfPost,
    createdAt: posts.createdAt,
    category: categories.name,
    categorySlug: categories.slug,
    type: sql<string>`coalesce(${types.name}, '')`,
    images: posts.images,
    imageAlts: posts.imageAlts,
    views: posts.views,
    likeCount: posts.likeCount,
    commentCount: posts.commentCount,
    minuteRead: posts.minuteRead,
    isPublished: posts.isPublished,
    scheduledAt: posts.scheduledAt,
    likedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`
      : sql<null>`null`,
    inReadLater: viewerId
      ? sql<boolean>`exists (select 1 from ${readLater} where ${readLater.postId} = ${posts.id} and ${readLater.userId} = ${viewerId})`
      : sql<null>`null`,
  };
}

type SummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  link: string;
  author: string;
  authorSlug: string;
  coauthors: Coauthor[];
  createdAt: Date;
  category: string;
  categorySlug: string;
  type: string;
  images: string[];
  imageAlts: string[];
  views: number;
  likeCount: number;
  commentCount: number;
  minuteRead: number;
  isPublished: boolean;
  scheduledAt: Date | null;
  likedByMe: boolean | null;
  inReadLater: boolean | null;
};

/** posts joined with what a summary names; callers add where/order/limit. */
export function selectPostSummaries(db: Database, viewerId: string | undefined) {
  return db
    .select(summaryColumns(viewerId))
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(types, eq(types.id, posts.typeId))
    .leftJoin(users, eq(users.id, posts.authorId));
}

export function toPostSummary(row: SummaryRow): PostSummary {
  const summary: PostSummary = {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    link: row.link,
    author: row.author,
    authorSlug: row.authorSlug,
    coauthors: row.coauthors,
    createdAt: row.createdAt.toISOString(),
    category: row.category,
    categorySlug: row.categorySlug,
    type: row.type,
    image: row.images,
    imageAlt: row.images.map((_, index) => row.imageAlts[index] ?? ""),
    views: Number(row.views),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    minuteRead: row.minuteRead,
    isPublished: row.isPublished,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
  };
  if (row.likedByMe !== null) summary.likedByMe = Boolean(row.likedByMe);
  if (row.inReadLater !== null) summary.inReadLater = Boolean(row.inReadLater);
  return summary;
}

/** Matches a post by its id or its slug (docs/product.md#endpoints: GET /api/posts/{id} takes either). */
export function postIdOrSlug(idOrSlug: string): SQL {
  return isUuid(idOrSlug) ? eq(posts.id, idOrSlug.toLowerCase()) : eq(posts.slug, idOrSlug);
}

/** Readers see published posts only; staff see drafts too. */
export function visibleTo(isStaff: boolean): SQL | undefined {
  return isStaff ? undefined : eq(posts.isPublished, true);
}

export function visiblePost(idOrSlug: string, isStaff: boolean): SQL | undefined {
  return and(postIdOrSlug(idOrSlug), visibleTo(isStaff));
}

/** The id of a post the viewer may see; 404 otherwise (drafts are staff-only). */
export async function findVisiblePostId(db: Database, idOrSlug: string, viewer: Viewer): Promise<string> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(visiblePost(idOrSlug, viewer.isStaff)).limit(1);
  if (!post) throw notFound(POST_MESSAGES.postNotFound);
  return post.id;
}
