import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { posts, postTags } from "../db/schema";
import { countRows, type PostTotal } from "./post-counts";

/*
 * A tag's list newest or oldest first, read from post_tags rather than posts: its rows carry
 * their post's created_at and is_published (kept by the database, migration 0032), so the tag's
 * posts come in date order from `post_tags_tag_created_idx` alone and page 1,001 skips 9,000
 * index entries instead of walking the date index of every post (decision 090).
 */

export interface TaggedList {
  tagId: string;
  /** Readers': drafts left out. */
  publishedOnly: boolean;
  /** The list's filters on posts' own columns (category, author, staff's status); posts are joined only for them. */
  others: SQL | undefined;
}

function taggedRows(db: Database, list: TaggedList) {
  const inTag = and(
    eq(postTags.tagId, list.tagId),
    list.publishedOnly ? eq(postTags.postIsPublished, true) : undefined,
  );
  const query = db.select({ id: postTags.postId }).from(postTags).$dynamic();
  if (!list.others) return query.where(inTag);
  return query.innerJoin(posts, eq(posts.id, postTags.postId)).where(and(inTag, list.others));
}

/** The ids of one page of the list; the same order as posts' `created_at, id`. */
export function taggedPageIds(db: Database, list: TaggedList, newestFirst: boolean, limit: number, offset: number) {
  const direction = newestFirst ? desc : asc;
  return taggedRows(db, list)
    .orderBy(direction(postTags.postCreatedAt), direction(postTags.postId))
    .limit(limit)
    .offset(offset);
}

/** The list's total, counted up to `exactUpTo` and estimated past it (post-counts.ts). */
export function countTagged(db: Database, list: TaggedList, exactUpTo: number): Promise<PostTotal> {
  return countRows(db, () => taggedRows(db, list), exactUpTo);
}
