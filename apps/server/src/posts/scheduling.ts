import { POST_MESSAGES, type PostInput } from "@broadsheet/domain";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { posts } from "../db/schema";
import { invalid } from "../errors";

/** A schedule must lie ahead; the publishing job is asked to run at that time. */
export function checkSchedule(at: Date): Date {
  if (at.getTime() <= Date.now()) throw invalid(POST_MESSAGES.scheduleInPast);
  return at;
}

/**
 * What an update does to publication: a time schedules the post (a draft until then), null
 * unschedules it back to a draft, isPublished publishes now or withdraws it.
 */
export function publicationChange(input: PostInput) {
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

/**
 * Publishes every scheduled post whose time has come. One UPDATE: when several instances
 * sweep at once, each row is published by exactly one of them. The post takes its
 * scheduled time as its date, so it leads the lists as a new story.
 */
export async function publishDuePosts(db: Database): Promise<{ _id: string; slug: string }[]> {
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
}
