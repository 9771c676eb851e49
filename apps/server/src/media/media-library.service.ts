import {
  isUuid,
  MEDIA_LIBRARY_MESSAGES,
  MEDIA_MESSAGES,
  type MediaItem,
  type MediaListQuery,
  type MediaPatch,
  type MediaUse,
  type Page,
  storedImagePath,
} from "@broadsheet/domain";
import { and, count, desc, eq, exists, ilike, inArray, not, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { adverts, media, mediaUses, pages, posts, users } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";
import { AppError, notFound } from "../errors";

type OwnerType = MediaUse["kind"];

/** How each kind of owner is named and where it is edited. */
const OWNERS: Record<
  OwnerType,
  { title: (db: Database, ids: string[]) => Promise<Map<string, string>>; edit: (id: string) => string }
> = {
  post: {
    title: async (db, ids) =>
      titles(await db.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, ids))),
    edit: (id) => `/admin/edit-post/${id}`,
  },
  page: {
    title: async (db, ids) =>
      titles(await db.select({ id: pages.id, title: pages.title }).from(pages).where(inArray(pages.id, ids))),
    edit: (id) => `/admin/edit-page/${id}`,
  },
  advert: {
    title: async (db, ids) =>
      titles(await db.select({ id: adverts.id, title: adverts.link }).from(adverts).where(inArray(adverts.id, ids))),
    edit: (id) => `/admin/edit-add/${id}`,
  },
  settings: { title: async (_db, ids) => new Map(ids.map((id) => [id, "Settings"])), edit: () => "/admin/settings" },
  user: {
    title: async (db, ids) =>
      titles(await db.select({ id: users.id, title: users.name }).from(users).where(inArray(users.id, ids))),
    edit: () => "/admin/view-users",
  },
};

function titles(rows: { id: string | number; title: string }[]): Map<string, string> {
  return new Map(rows.map((row) => [String(row.id), row.title]));
}

/**
 * Admin → Media (docs/product/media-library.md): every stored image with where it is used
 * (media_uses, kept by triggers: decision 080), its alt text and caption, and deletion that
 * warns while the image is used.
 */
export function createMediaLibraryService(db: Database) {
  /** Where each of `keys` is used, one query per kind of owner on the page. */
  async function usesOf(keys: string[]): Promise<Map<string, MediaUse[]>> {
    const rows = keys.length ? await db.select().from(mediaUses).where(inArray(mediaUses.mediaKey, keys)) : [];
    const named = new Map<string, string>();
    for (const kind of Object.keys(OWNERS) as OwnerType[]) {
      const ids = [...new Set(rows.filter((row) => row.ownerType === kind).map((row) => row.ownerId))];
      const usable = kind === "settings" ? ids : ids.filter(isUuid);
      if (usable.length === 0) continue;
      for (const [id, title] of await OWNERS[kind].title(db, usable)) named.set(`${kind}:${id}`, title);
    }
    const uses = new Map<string, MediaUse[]>();
    for (const row of rows) {
      const kind = row.ownerType as OwnerType;
      const title = named.get(`${kind}:${row.ownerId}`);
      if (title === undefined) continue;
      const list = uses.get(row.mediaKey) ?? [];
      list.push({ kind, id: row.ownerId, title, url: OWNERS[kind].edit(row.ownerId) });
      uses.set(row.mediaKey, list);
    }
    return uses;
  }

  function listQuery(where: SQL | undefined) {
    return db
      .select({
        key: media.key,
        mime: media.mime,
        size: media.size,
        width: media.width,
        height: media.height,
        alt: media.alt,
        caption: media.caption,
        createdAt: media.createdAt,
        uploaderId: users.id,
        uploaderName: users.name,
      })
      .from(media)
      .leftJoin(users, eq(users.id, media.uploadedBy))
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.key));
  }

  type Row = Awaited<ReturnType<typeof listQuery>>[number];
  const toItem = (row: Row, usedIn: MediaUse[]): MediaItem => {
    const url = storedImagePath(row.key);
    return {
      id: row.key,
      url,
      thumbnailUrl: `${url}?w=320`,
      mime: row.mime,
      size: row.size,
      width: row.width,
      height: row.height,
      alt: row.alt,
      caption: row.caption,
      uploadedBy: row.uploaderId ? { id: row.uploaderId, name: row.uploaderName ?? "" } : null,
      createdAt: row.createdAt.toISOString(),
      usedIn,
    };
  };

  async function readItem(key: string): Promise<MediaItem> {
    const [row] = await listQuery(eq(media.key, key)).limit(1);
    if (!row) throw notFound(MEDIA_MESSAGES.notFound);
    return toItem(row, (await usesOf([key])).get(key) ?? []);
  }

  const used = exists(db.select({ key: mediaUses.mediaKey }).from(mediaUses).where(eq(mediaUses.mediaKey, media.key)));

  return {
    async list(query: MediaListQuery): Promise<Page<MediaItem>> {
      const q = query.q.trim();
      const pattern = `%${escapeLike(q)}%`;
      const where = and(
        q ? or(ilike(media.alt, pattern), ilike(media.caption, pattern), ilike(users.name, pattern)) : undefined,
        query.used === "used" ? used : query.used === "unused" ? not(used) : undefined,
      );
      const countAll = () =>
        db.select({ total: count() }).from(media).leftJoin(users, eq(users.id, media.uploadedBy)).where(where);
      const { rows, total } = await readPage(query.page, query.limit, countAll, (offset) =>
        listQuery(where).limit(query.limit).offset(offset),
      );
      const uses = await usesOf(rows.map((row) => row.key));
      return {
        items: rows.map((row) => toItem(row, uses.get(row.key) ?? [])),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    async update(key: string, patch: MediaPatch): Promise<MediaItem> {
      const [row] = await db.update(media).set(patch).where(eq(media.key, key)).returning({ key: media.key });
      if (!row) throw notFound(MEDIA_MESSAGES.notFound);
      return readItem(key);
    },

    /** Refused (409, with the places) while the image is used, unless forced. */
    async remove(key: string, force: boolean): Promise<MediaUse[]> {
      const item = await readItem(key);
      if (item.usedIn.length > 0 && !force) {
        throw new AppError("conflict", MEDIA_LIBRARY_MESSAGES.inUse, undefined, { usedIn: item.usedIn });
      }
      await db.delete(media).where(eq(media.key, key));
      return item.usedIn;
    },
  };
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
