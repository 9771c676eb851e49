import type { AdvertJson, AdvertListQuery, Page } from "@broadsheet/domain";
import { ADVERT_MESSAGES, type AdvertInput, type AdvertPlacement, isAdvertPlacement, isUuid } from "@broadsheet/domain";
import { count, desc, eq } from "drizzle-orm";
import { ADVERT_LISTS, type Caches } from "../caching";
import type { Database } from "../db/client";
import { readPage } from "../db/paging";
import { adverts } from "../db/schema";
import { notFound } from "../errors";
import { firstMissingMedia } from "../media";
import { sanitizeRichText } from "../posts";

export type { AdvertJson };

type AdvertRow = typeof adverts.$inferSelect;

function toAdvertJson(row: AdvertRow): AdvertJson {
  return {
    _id: row.id,
    link: row.link,
    category: row.placement,
    content: row.content,
    image: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function advertNotFound() {
  return notFound(ADVERT_MESSAGES.advertNotFound);
}

/** Only the advert's own fields reach the table; editor HTML is sanitised on write (docs/product.md#11-security). */
function advertFields(input: AdvertInput) {
  return {
    link: input.link,
    placement: input.category,
    content: sanitizeRichText(input.content),
    images: input.image,
  };
}

export function createAdvertsService(db: Database, caches: Caches) {
  /** An advert may show only images that exist: an upload of this site must be stored. */
  async function refuseMissingImages(input: AdvertInput): Promise<void> {
    const missing = await firstMissingMedia(db, input.image);
    if (missing) throw notFound(`${ADVERT_MESSAGES.imageNotFound}: ${missing}`);
  }

  return {
    async createAdvert(input: AdvertInput): Promise<AdvertJson> {
      await refuseMissingImages(input);
      const [row] = await db.insert(adverts).values(advertFields(input)).returning();
      if (!row) throw new Error("insert returned no row");
      await caches.changed([ADVERT_LISTS]);
      return toAdvertJson(row);
    },

    /** Newest first, optionally one placement only. */
    async listAdverts(query: AdvertListQuery): Promise<Page<AdvertJson>> {
      const everything = query.category === "" || query.category === "All";
      if (!everything && !isAdvertPlacement(query.category)) {
        return { items: [], total: 0, page: query.page, limit: query.limit };
      }
      const where = everything ? undefined : eq(adverts.placement, query.category as AdvertPlacement);
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(adverts).where(where),
        (offset) =>
          db
            .select()
            .from(adverts)
            .where(where)
            .orderBy(desc(adverts.createdAt), desc(adverts.id))
            .limit(query.limit)
            .offset(offset),
      );
      return { items: rows.map(toAdvertJson), total, page: query.page, limit: query.limit };
    },

    async getAdvert(id: string): Promise<AdvertJson> {
      if (!isUuid(id)) throw advertNotFound();
      const [row] = await db.select().from(adverts).where(eq(adverts.id, id)).limit(1);
      if (!row) throw advertNotFound();
      return toAdvertJson(row);
    },

    async updateAdvert(id: string, input: AdvertInput): Promise<AdvertJson> {
      if (!isUuid(id)) throw advertNotFound();
      await refuseMissingImages(input);
      const [row] = await db
        .update(adverts)
        .set({ ...advertFields(input), updatedAt: new Date() })
        .where(eq(adverts.id, id))
        .returning();
      if (!row) throw advertNotFound();
      await caches.changed([ADVERT_LISTS]);
      return toAdvertJson(row);
    },

    async deleteAdvert(id: string): Promise<void> {
      if (!isUuid(id)) throw advertNotFound();
      const deleted = await db.delete(adverts).where(eq(adverts.id, id)).returning({ id: adverts.id });
      if (deleted.length === 0) throw advertNotFound();
      await caches.changed([ADVERT_LISTS]);
    },
  };
}

export type AdvertsService = ReturnType<typeof createAdvertsService>;
