import {
  type DeliverySettings,
  isUuid,
  NEWSLETTER_MESSAGES,
  type NewsletterInput,
  type NewsletterJson,
  newsletterDisplayName,
  type PublicNewsletterJson,
  slugify,
} from "@broadsheet/domain";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { type Caches, NEWSLETTER_LISTS, type ReadCache } from "../caching";
import type { Database } from "../db/client";
import { isUniqueViolation, pgConstraint } from "../db/pg-errors";
import { categories, newsletterSettings, newsletters, subscriberNewsletters, subscribers } from "../db/schema";
import { conflict, invalid, notFound } from "../errors";

/*
 * Newsletters and how their mail goes out (docs/product/newsletters.md): Admin → Newsletters.
 * Exactly one newsletter is the default (a partial unique index holds it); the default's empty
 * name reads "The {site name} newsletter", so renaming the site renames it.
 */

/** Until an admin changes them: what a small provider account accepts. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  batchSize: 100,
  messagesPerSecond: 10,
  connections: 2,
  tracking: false,
};

type NewsletterRow = typeof newsletters.$inferSelect;

export interface NewslettersDeps {
  reads: ReadCache;
  caches: Caches;
  /** The site's name, which the default newsletter's empty name stands for. */
  siteName: () => Promise<string>;
}

export function createNewslettersService(db: Database, deps: NewslettersDeps) {
  const subscribedCount = sql<number>`(
    select count(*)::int from ${subscriberNewsletters}
    join ${subscribers} on ${subscribers.id} = ${subscriberNewsletters.subscriberId}
    where ${subscriberNewsletters.newsletterId} = ${newsletters.id} and ${subscribers.status} = 'subscribed'
  )`;

  const selectNewsletters = () =>
    db
      .select({
        row: newsletters,
        category: sql<string>`coalesce(${categories.name}, '')`,
        subscribers: subscribedCount,
      })
      .from(newsletters)
      .leftJoin(categories, eq(categories.id, newsletters.categoryId));

  const toJson = (
    siteName: string,
    { row, category, subscribers: count }: { row: NewsletterRow; category: string; subscribers: number },
  ): NewsletterJson => ({
    _id: row.id,
    name: newsletterDisplayName(row.name, siteName),
    slug: row.slug,
    description: row.description,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    replyTo: row.replyTo,
    categoryId: row.categoryId,
    category,
    isDefault: row.isDefault,
    archived: row.archived,
    subscribers: count,
    createdAt: row.createdAt.toISOString(),
  });

  // The default first, then the active ones by name; archived ones last.
  const order = [
    desc(newsletters.isDefault),
    asc(newsletters.archived),
    asc(sql`lower(${newsletters.name})`),
    asc(newsletters.createdAt),
  ];

  async function findNewsletter(id: string): Promise<NewsletterJson> {
    // Any other text names no newsletter (and would be an SQL error against a uuid column).
    if (!isUuid(id)) throw notFound(NEWSLETTER_MESSAGES.newsletterNotFound);
    const [found] = await selectNewsletters().where(eq(newsletters.id, id.toLowerCase()));
    if (!found) throw notFound(NEWSLETTER_MESSAGES.newsletterNotFound);
    return toJson(await deps.siteName(), found);
  }

  async function checkCategory(categoryId: string | null): Promise<void> {
    if (categoryId === null) return;
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!found) throw invalid(NEWSLETTER_MESSAGES.categoryUnknown);
  }

  /** The default's name is stored empty while it reads as the site's default name, so it follows the site's name. */
  async function storedName(name: string, isDefault: boolean): Promise<string> {
    return isDefault && name === newsletterDisplayName("", await deps.siteName()) ? "" : name;
  }

  /** Writes `values` (and, when it becomes the default, takes the mark from the old one) in one transaction. */
  async function save(id: string | null, values: Omit<typeof newsletters.$inferInsert, "id">): Promise<string> {
    try {
      return await db.transaction(async (tx) => {
        // The partial unique index allows one default: unset the old one first, in the same transaction.
        if (values.isDefault) {
          await tx
            .update(newsletters)
            .set({ isDefault: false, updatedAt: new Date() })
            .where(and(eq(newsletters.isDefault, true), id ? ne(newsletters.id, id) : undefined));
        }
        if (id === null) {
          const [created] = await tx.insert(newsletters).values(values).returning({ id: newsletters.id });
          if (!created) throw new Error("newsletter insert returned no row");
          return created.id;
        }
        await tx
          .update(newsletters)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(newsletters.id, id));
        return id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two newsletters made the default at the same moment: the index let one through.
      if (pgConstraint(error) === "newsletters_one_default") throw conflict(NEWSLETTER_MESSAGES.defaultRace);
      throw conflict(NEWSLETTER_MESSAGES.slugTaken);
    }
  }

  async function publicNewsletters(): Promise<PublicNewsletterJson[]> {
    const siteName = await deps.siteName();
    const rows = await db
      .select()
      .from(newsletters)
      .where(eq(newsletters.archived, false))
      .orderBy(...order);
    return rows.map((row) => ({
      _id: row.id,
      name: newsletterDisplayName(row.name, siteName),
      slug: row.slug,
      description: row.description,
    }));
  }

  const changed = () => deps.caches.changed([NEWSLETTER_LISTS]);

  return {
    /** Staff: every newsletter with every field; anyone else: the active ones' public fields (cached). */
    async listNewsletters(isStaff: boolean): Promise<(NewsletterJson | PublicNewsletterJson)[]> {
      if (isStaff) {
        const siteName = await deps.siteName();
        return (await selectNewsletters().orderBy(...order)).map((found) => toJson(siteName, found));
      }
      return deps.reads.get("newsletters:public", publicNewsletters, () => [NEWSLETTER_LISTS]);
    },

    async createNewsletter(input: NewsletterInput): Promise<NewsletterJson> {
      await checkCategory(input.categoryId);
      const { slug: chosen, ...rest } = input;
      const slug = chosen || slugify(input.name, "newsletter");
      const [taken] = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.slug, slug));
      if (taken) throw conflict(NEWSLETTER_MESSAGES.slugTaken);
      const id = await save(null, { ...rest, slug, name: input.name });
      await changed();
      return findNewsletter(id);
    },

    /**
     * A full replacement of the editable fields. The default stays the default until another
     * newsletter is made the default (there is always exactly one), so `isDefault: false` on it changes nothing.
     */
    async updateNewsletter(id: string, input: NewsletterInput): Promise<NewsletterJson> {
      const current = await findNewsletter(id);
      if (input.isDefault && current.archived) throw conflict(NEWSLETTER_MESSAGES.archivedCannotBeDefault);
      await checkCategory(input.categoryId);
      const isDefault = current.isDefault || input.isDefault;
      const { slug, ...rest } = input;
      await save(current._id, {
        ...rest,
        slug: slug || current.slug,
        isDefault,
        name: await storedName(input.name, isDefault),
      });
      await changed();
      return findNewsletter(current._id);
    },

    /** It takes no new subscribers and no sends; its subscribers and past sends stay. */
    async archiveNewsletter(id: string): Promise<NewsletterJson> {
      const current = await findNewsletter(id);
      if (current.isDefault) throw conflict(NEWSLETTER_MESSAGES.defaultCannotArchive);
      await db
        .update(newsletters)
        .set({ archived: true, updatedAt: new Date() })
        .where(eq(newsletters.id, current._id));
      await changed();
      return { ...current, archived: true };
    },

    async getDeliverySettings(): Promise<DeliverySettings> {
      const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
      if (!row) return DEFAULT_DELIVERY_SETTINGS;
      const { batchSize, messagesPerSecond, connections, tracking } = row;
      return { batchSize, messagesPerSecond, connections, tracking };
    },

    async updateDeliverySettings(settings: DeliverySettings): Promise<DeliverySettings> {
      const values = { ...settings, updatedAt: new Date() };
      const [row] = await db
        .insert(newsletterSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: newsletterSettings.id, set: values })
        .returning();
      if (!row) throw new Error("newsletter settings upsert returned no row");
      const { batchSize, messagesPerSecond, connections, tracking } = row;
      return { batchSize, messagesPerSecond, connections, tracking };
    },
  };
}

export type NewslettersService = ReturnType<typeof createNewslettersService>;
