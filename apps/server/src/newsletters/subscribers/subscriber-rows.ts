import {
  newsletterDisplayName,
  type PublicNewsletterJson,
  SUBSCRIBER_MESSAGES,
  type SubscriberJson,
  type SubscriberStatus,
} from "@broadsheet/domain";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { Database } from "../../db/client";
import { newsletters, subscriberNewsletters, subscribers } from "../../db/schema";
import { invalid } from "../../errors";

/* What the subscribers' services share: finding addresses and newsletters, and writing choices. */

export type SubscriberRow = typeof subscribers.$inferSelect;

/** How a newsletter is named to readers: the default's empty name is "The {site name} newsletter". */
export type NamedNewsletter = PublicNewsletterJson & { isDefault: boolean };

/** The active newsletters, the default first, as readers see them. */
export async function activeNewsletters(db: Database, siteName: string): Promise<NamedNewsletter[]> {
  const rows = await db
    .select({
      id: newsletters.id,
      name: newsletters.name,
      slug: newsletters.slug,
      description: newsletters.description,
      isDefault: newsletters.isDefault,
    })
    .from(newsletters)
    .where(eq(newsletters.archived, false))
    .orderBy(desc(newsletters.isDefault), asc(newsletters.name), asc(newsletters.slug));
  return rows.map((row) => ({
    _id: row.id,
    name: newsletterDisplayName(row.name, siteName),
    slug: row.slug,
    description: row.description,
    isDefault: row.isDefault,
  }));
}

/**
 * The ids of the newsletters `slugs` name: none given = the default one. An unknown or archived
 * slug is refused by name (an archived newsletter takes no subscribers).
 */
export async function newsletterIdsOf(db: Database, slugs: readonly string[] | undefined): Promise<string[]> {
  const wanted = [...new Set((slugs ?? []).map((slug) => slug.trim().toLowerCase()).filter(Boolean))];
  if (!slugs) {
    const [fallback] = await db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(and(eq(newsletters.isDefault, true), eq(newsletters.archived, false)));
    if (!fallback) throw invalid(SUBSCRIBER_MESSAGES.noDefaultNewsletter);
    return [fallback.id];
  }
  if (wanted.length === 0) return [];
  const found = await db
    .select({ id: newsletters.id, slug: newsletters.slug, archived: newsletters.archived })
    .from(newsletters)
    .where(inArray(newsletters.slug, wanted));
  for (const slug of wanted) {
    const newsletter = found.find((row) => row.slug === slug);
    if (!newsletter) throw invalid(SUBSCRIBER_MESSAGES.newsletterUnknown.replace("%s", slug));
    if (newsletter.archived) throw invalid(SUBSCRIBER_MESSAGES.newsletterArchived.replace("%s", slug));
  }
  return found.map((row) => row.id);
}

/** The subscriber with this address, in any letter case. */
export async function findByEmail(db: Database, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(sql`lower(${subscribers.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

/** Adds newsletters to an address's (those it has stay). */
export async function addNewsletters(db: Database, subscriberId: string, newsletterIds: readonly string[]) {
  if (newsletterIds.length === 0) return;
  await db
    .insert(subscriberNewsletters)
    .values(newsletterIds.map((newsletterId) => ({ subscriberId, newsletterId })))
    .onConflictDoNothing();
}

/** The address gets exactly these newsletters. */
export async function replaceNewsletters(db: Database, subscriberId: string, newsletterIds: readonly string[]) {
  await db.delete(subscriberNewsletters).where(eq(subscriberNewsletters.subscriberId, subscriberId));
  await addNewsletters(db, subscriberId, newsletterIds);
}

/** The ids of the newsletters each of these subscribers gets. */
export async function newsletterIdsBySubscriber(
  db: Database,
  subscriberIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>();
  if (subscriberIds.length === 0) return byId;
  const rows = await db
    .select({ subscriberId: subscriberNewsletters.subscriberId, newsletterId: subscriberNewsletters.newsletterId })
    .from(subscriberNewsletters)
    .where(inArray(subscriberNewsletters.subscriberId, [...subscriberIds]));
  for (const row of rows) byId.set(row.subscriberId, [...(byId.get(row.subscriberId) ?? []), row.newsletterId]);
  return byId;
}

/** Statuses that may receive mail again after a reader's own choice; bounced and complained stay suppressed. */
export const isSuppressed = (status: SubscriberStatus) => status === "bounced" || status === "complained";

/** The client address as the inet column takes it, or null when the request had none usable. */
export function consentIp(address: string | null | undefined): string | null {
  return address && ipaddr.isValid(address) ? ipaddr.process(address).toString() : null;
}

export function toSubscriberJson(row: SubscriberRow, slugs: string[]): SubscriberJson {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    newsletters: slugs,
    source: row.source,
    hasAccount: row.userId !== null,
    consent: {
      at: row.consentAt?.toISOString() ?? null,
      ip: row.consentIp ?? "",
      form: row.consentForm,
      note: row.consentNote,
    },
    createdAt: row.createdAt.toISOString(),
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}
