import {
  isUuid,
  normalizeSlug,
  type Page,
  slugify,
  TAG_MESSAGES,
  type TagJson,
  type TagListQuery,
  type TagRef,
  type TagRename,
} from "@broadsheet/domain";
import { asc, count, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { type Caches, POST_LISTS, type ReadCache, TAG_LISTS } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { isUniqueViolation, pgConstraint } from "../db/pg-errors";
import { posts, postTags, tags } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { conflict, invalid, notFound } from "../errors";

/*
 * Free-form tags (docs/product/tags.md). Tags are made on the fly as posts are saved; one
 * name in any letter case is one tag. Staff rename, merge and delete them here.
 */

/** A tag's slug from its name: ASCII as titles get it (accents dropped); a name in another script keeps its letters. */
export function tagSlugOf(name: string): string {
  const unaccented = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const ascii = /[^\p{ASCII}]/u.test(unaccented) ? "" : slugify(name, "");
  return ascii || normalizeSlug(name) || "tag";
}

const lowerName = sql`lower(${tags.name})`;
// Byte order, so both engines and any locale list names alike (names are unique in any case: no ties).
const byName = asc(sql`lower(${tags.name}) collate "C"`);

/** `base`, or `base-2`, `base-3`… the first no other tag has. */
async function availableTagSlug(db: Database, base: string, ownId?: string): Promise<string> {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(or(eq(tags.slug, base), like(tags.slug, `${escapeLike(base)}-%`)));
  const used = new Set(rows.filter((row) => row.id !== ownId).map((row) => row.slug));
  let slug = base;
  for (let suffix = 2; used.has(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}

/** The tag named `name` in any letter case, made when there is none (a race with another save is lost gracefully). */
export async function tagNamed(db: Database, name: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(lowerName, sql`lower(${name})`));
    if (existing) return existing.id;
    const slug = await availableTagSlug(db, tagSlugOf(name));
    // No conflict error: inside the post's transaction it would abort everything on PostgreSQL.
    const [created] = await db.insert(tags).values({ name, slug }).onConflictDoNothing().returning({ id: tags.id });
    if (created) return created.id;
  }
  throw new Error(`could not save the tag ${JSON.stringify(name)}`);
}

/** Gives post `postId` exactly the tags `names`, in that order; run in the post's own transaction. */
export async function setPostTags(db: Database, postId: string, names: readonly string[]): Promise<void> {
  const ids: string[] = [];
  for (const name of names) ids.push(await tagNamed(db, name));
  await db.delete(postTags).where(eq(postTags.postId, postId));
  if (ids.length === 0) return;
  await db.insert(postTags).values(ids.map((tagId, position) => ({ postId, tagId, position })));
}

/** A post's tags in the editor's order. */
export async function tagsOfPost(db: Database, postId: string): Promise<TagRef[]> {
  return db
    .select({ name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, postId))
    .orderBy(asc(postTags.position), byName);
}

/** The ids of tags whose name contains `text` or is one of its words: posts carrying them match a search. */
export async function tagsMatching(db: Database, text: string): Promise<string[]> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(or(like(lowerName, `%${escapeLike(text.toLowerCase())}%`), inArray(lowerName, words)))
    .limit(100);
  return rows.map((row) => row.id);
}

/**
 * The id of the tag whose slug is `slug` (the `?tag=` filter of post lists), null when there is
 * none. Looked up first: with its id a constant, the planner reads the tag's posts from
 * `post_tags_tag_created_idx` in order and can stop early (decisions 089, 090).
 */
export async function tagIdBySlug(db: Database, slug: string): Promise<string | null> {
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.slug, normalizeSlug(slug)));
  return tag?.id ?? null;
}

/** Posts carrying one of the tags `tagIds` (a search's tag matches), as a condition on posts. */
export function taggedWithAny(db: Database, tagIds: string[]): SQL {
  return inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(inArray(postTags.tagId, tagIds)));
}

export function createTagsService(db: Database, reads: ReadCache, caches: Caches) {
  /** Counted posts: published ones for readers, every one for staff. */
  const counted = (isStaff: boolean) =>
    isStaff
      ? sql<number>`count(${posts.id})::int`
      : sql<number>`(count(${posts.id}) filter (where ${posts.isPublished}))::int`;

  const selectTags = (isStaff: boolean) =>
    db
      .select({ _id: tags.id, name: tags.name, slug: tags.slug, postCount: counted(isStaff) })
      .from(tags)
      .leftJoin(postTags, eq(postTags.tagId, tags.id))
      .leftJoin(posts, eq(posts.id, postTags.postId))
      .groupBy(tags.id);

  const byIdOrSlug = (reference: string): SQL =>
    isUuid(reference) ? eq(tags.id, reference.toLowerCase()) : eq(tags.slug, normalizeSlug(reference));
  // Changes name tags by id only: anything else is no tag.
  const byId = (id: string): SQL => (isUuid(id) ? eq(tags.id, id.toLowerCase()) : sql`false`);

  async function listUncached(query: TagListQuery, isStaff: boolean): Promise<Page<TagJson>> {
    const prefix = query.search.replace(/\s+/g, " ").trim().toLowerCase();
    const where = prefix ? like(lowerName, `${escapeLike(prefix)}%`) : undefined;
    const { rows, total } = await readPage(
      query.page,
      query.limit,
      () => db.select({ total: count() }).from(tags).where(where),
      (offset) => selectTags(isStaff).where(where).orderBy(byName).limit(query.limit).offset(offset),
    );
    return { items: rows, total, page: query.page, limit: query.limit };
  }

  async function findTag(reference: string | SQL, isStaff: boolean): Promise<TagJson> {
    const [row] = await selectTags(isStaff).where(typeof reference === "string" ? byIdOrSlug(reference) : reference);
    if (!row) throw notFound(TAG_MESSAGES.tagNotFound);
    return row;
  }

  /** What shows tags: every list of them and every post page and list (tag names and tag pages). */
  const tagsChanged = () => caches.changed([TAG_LISTS, POST_LISTS]);

  return {
    /** Sorted by name; `search` is a prefix of the name. Readers share one cached answer. */
    listTags(query: TagListQuery, isStaff: boolean): Promise<Page<TagJson>> {
      if (isStaff) return listUncached(query, true);
      return reads.get(
        `tags:${JSON.stringify(query)}`,
        () => listUncached(query, false),
        () => [TAG_LISTS, POST_LISTS],
      );
    },

    /** A tag by id or slug (its page's heading and count). */
    getTag(reference: string, isStaff: boolean): Promise<TagJson> {
      if (isStaff) return findTag(reference, true);
      return reads.get(
        `tag:${reference}`,
        () => findTag(reference, false),
        () => [TAG_LISTS, POST_LISTS],
      );
    },

    async renameTag(id: string, change: TagRename): Promise<TagJson> {
      const current = await findTag(byId(id), true);
      const slug =
        change.slug === undefined
          ? current.slug
          : change.slug || (await availableTagSlug(db, tagSlugOf(change.name), current._id));
      try {
        await db.update(tags).set({ name: change.name, slug }).where(eq(tags.id, current._id));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw conflict(pgConstraint(error)?.includes("slug") ? TAG_MESSAGES.slugTaken : TAG_MESSAGES.nameTaken);
      }
      await tagsChanged();
      return { ...current, name: change.name, slug };
    },

    /** Posts of tag `id` get tag `into` (in the place the old one had), then `id` is deleted. */
    async mergeTag(id: string, into: string): Promise<TagJson> {
      // The tag to keep, named by id, slug or name (Admin → Tags types a name).
      const intoTag = or(byIdOrSlug(into), eq(lowerName, sql`lower(${into.trim()})`)) as SQL;
      const [source, target] = await Promise.all([findTag(byId(id), true), findTag(intoTag, true)]);
      if (source._id === target._id) throw invalid(TAG_MESSAGES.mergeIntoItself);
      await db.transaction(async (tx) => {
        // A post with both keeps the target where it was; the rest take the target in the old tag's place.
        await tx.execute(sql`
          insert into ${postTags} (post_id, tag_id, position)
          select post_id, ${target._id}, position from ${postTags} where tag_id = ${source._id}
          on conflict do nothing`);
        await tx.delete(tags).where(eq(tags.id, source._id));
      });
      await tagsChanged();
      return findTag(target._id, true);
    },

    /** The posts stay; they lose this tag (ON DELETE CASCADE). */
    async deleteTag(id: string): Promise<void> {
      const deleted = await db.delete(tags).where(byId(id)).returning({ id: tags.id });
      if (deleted.length === 0) throw notFound(TAG_MESSAGES.tagNotFound);
      await tagsChanged();
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
