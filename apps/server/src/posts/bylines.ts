import { isStaff, isUuid, POST_MESSAGES } from "@broadsheet/domain";
import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { postCoauthors, posts, users } from "../db/schema";
import { invalid } from "../errors";

/*
 * A post's bylines (docs/product/bylines.md): posts.author_id is the primary byline and
 * post_coauthors holds the others in order, so lists that only need the primary keep one join.
 */

export interface Byline {
  _id: string;
  name: string;
  slug: string;
}

export interface Coauthor {
  name: string;
  slug: string;
}

/**
 * The bylines after the primary of the post in the query's `posts` row, in order, as JSON: a
 * lookup in post_coauthors' key per post, so lists and feeds name every author.
 */
export const coauthorsOfPost = sql<Coauthor[]>`coalesce((
  select json_agg(json_build_object('name', coauthor.name, 'slug', coauthor.slug) order by byline.position)
  from ${postCoauthors} byline join ${users} coauthor on coauthor.id = byline.user_id
  where byline.post_id = ${posts.id} and byline.user_id is distinct from ${posts.authorId}
), '[]'::json)`;

/** The post's authors, the primary first; an account that is gone leaves no byline. */
export async function bylinesOf(db: Database, postId: string, primaryId: string | null): Promise<Byline[]> {
  const others = await db
    .select({ _id: users.id, name: users.name, slug: users.slug })
    .from(postCoauthors)
    .innerJoin(users, eq(users.id, postCoauthors.userId))
    .where(eq(postCoauthors.postId, postId))
    .orderBy(asc(postCoauthors.position));
  const [primary] = primaryId
    ? await db.select({ _id: users.id, name: users.name, slug: users.slug }).from(users).where(eq(users.id, primaryId))
    : [];
  return [...(primary ? [primary] : []), ...others.filter((byline) => byline._id !== primaryId)];
}

/** The ids sent, without repeats, each an editor's or admin's; 400 otherwise. */
export async function checkedAuthors(db: Database, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (!wanted.every(isUuid)) throw invalid(POST_MESSAGES.authorUnknown);
  const found = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, wanted));
  const allowed = new Set(found.filter((user) => isStaff(user.role)).map((user) => user.id));
  if (wanted.some((id) => !allowed.has(id))) throw invalid(POST_MESSAGES.authorUnknown);
  return wanted;
}

/** Writes the bylines after the primary (which the caller stores in posts.author_id). */
export async function writeCoauthors(db: Database, postId: string, authors: string[]): Promise<void> {
  await db.delete(postCoauthors).where(eq(postCoauthors.postId, postId));
  const others = authors.slice(1);
  if (others.length === 0) return;
  await db.insert(postCoauthors).values(others.map((userId, index) => ({ postId, userId, position: index + 1 })));
}

/**
 * Posts with the author at `slug` among their bylines, primary or not. The author is looked up
 * first, and an author without co-bylines (most of them) is one `author_id`: the planner then
 * reads their posts in date order from `posts_author_created_idx` at any depth (decision 090).
 * Co-bylines make it an OR, which walks the date index of every post instead.
 */
export async function bylineBySlug(db: Database, slug: string): Promise<SQL> {
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.slug, slug));
  return author ? bylineOf(db, author.id) : sql`false`;
}

/** As bylineBySlug, of the account `userId`. */
export async function bylineOf(db: Database, userId: string): Promise<SQL> {
  const [coauthored] = await db
    .select({ postId: postCoauthors.postId })
    .from(postCoauthors)
    .where(eq(postCoauthors.userId, userId))
    .limit(1);
  if (!coauthored) return eq(posts.authorId, userId);
  return or(
    eq(posts.authorId, userId),
    inArray(
      posts.id,
      db.select({ id: postCoauthors.postId }).from(postCoauthors).where(eq(postCoauthors.userId, userId)),
    ),
  ) as SQL;
}
