import { AUTHOR_MESSAGES, type Author } from "@broadsheet/domain";
import { and, count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { posts, users } from "../db/schema";
import { notFound } from "../errors";
import { authorTag, POST_LISTS } from "./content-changes";
import type { ReadCache } from "./read-cache";

/*
 * Author pages (/author/{slug}) show the public face of whoever has published: name, photo,
 * bio and how many posts. An account without a published post has no page, so a reader's
 * name never becomes public by accident.
 */
export function createAuthorsService(db: Database, reads: ReadCache) {
  async function loadAuthor(slug: string): Promise<Author | null> {
    const [row] = await db
      .select({
        id: users.id,
        name: users.name,
        slug: users.slug,
        photo: users.photo,
        bio: users.bio,
        postCount: count(posts.id),
      })
      .from(users)
      .innerJoin(posts, and(eq(posts.authorId, users.id), eq(posts.isPublished, true)))
      .where(eq(users.slug, slug))
      .groupBy(users.id);
    if (!row) return null;
    return { _id: row.id, name: row.name, slug: row.slug, photo: row.photo, bio: row.bio, postCount: row.postCount };
  }

  return {
    async getAuthor(slug: string): Promise<Author> {
      const author = await reads.get(
        `author:${slug}`,
        () => loadAuthor(slug),
        (found) => (found ? [authorTag(found._id), POST_LISTS] : [POST_LISTS]),
      );
      if (!author) throw notFound(AUTHOR_MESSAGES.authorNotFound);
      return author;
    },
  };
}

export type AuthorsService = ReturnType<typeof createAuthorsService>;
