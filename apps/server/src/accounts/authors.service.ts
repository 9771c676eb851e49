import { AUTHOR_MESSAGES, type Author, type AuthorChoice, isStaff, STAFF_ROLES } from "@broadsheet/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { ReadCache } from "../caching";
import { authorTag, POST_LISTS, userTag } from "../caching";
import type { Database } from "../db/client";
import { posts, users } from "../db/schema";
import { notFound } from "../errors";
import { bylineOf, countPosts, EXACT_TOTAL_UP_TO } from "../posts";

/*
 * Author pages (/author/{slug}) show the public face of staff and of whoever has published:
 * name, photo, bio and how many posts. Staff have one from the start (a new editor's bio shows
 * before their first story); a reader without a published post has none, so a reader's name
 * never becomes public by accident. The count is exact up to EXACT_TOTAL_UP_TO and estimated past
 * it, said to be one: an exact count of 300,000 stories took 0.4 s at a million posts.
 */
export function createAuthorsService(db: Database, reads: ReadCache) {
  /** The author at `slug`, if the account there has a page; and the account, whose changes (a role) may give it one. */
  async function loadAuthor(slug: string): Promise<{ author: Author | null; userId: string } | null> {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        slug: users.slug,
        photo: users.photo,
        bio: users.bio,
        role: users.role,
      })
      .from(users)
      .where(eq(users.slug, slug));
    if (!row) return null;
    // Every published post with a byline of theirs, primary or not.
    const published = and(eq(posts.isPublished, true), await bylineOf(db, row.id));
    const { total, totalIsEstimate } = await countPosts(db, published, EXACT_TOTAL_UP_TO);
    const author = {
      _id: row.id,
      name: row.name,
      slug: row.slug,
      photo: row.photo,
      bio: row.bio,
      postCount: total,
      postCountIsEstimate: totalIsEstimate,
    };
    return { author: total > 0 || isStaff(row.role) ? author : null, userId: row.id };
  }

  return {
    /** Who a post's Authors field offers: editors and admins, by name. */
    async listChoices(): Promise<AuthorChoice[]> {
      return db
        .select({ _id: users.id, name: users.name, slug: users.slug })
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES]))
        .orderBy(asc(users.name), asc(users.id));
    },

    async getAuthor(slug: string): Promise<Author> {
      const found = await reads.get(
        `author:${slug}`,
        () => loadAuthor(slug),
        (loaded) => (loaded ? [authorTag(loaded.userId), userTag(loaded.userId), POST_LISTS] : [POST_LISTS]),
      );
      if (!found?.author) throw notFound(AUTHOR_MESSAGES.authorNotFound);
      return found.author;
    },
  };
}

export type AuthorsService = ReturnType<typeof createAuthorsService>;
