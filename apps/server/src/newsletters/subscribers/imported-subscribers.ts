import { and, eq } from "drizzle-orm";
import { createToken } from "../../accounts";
import type { Database } from "../../db/client";
import { newsletters, subscriberNewsletters, subscribers } from "../../db/schema";

/** A member of another site (a Ghost export's), as the site importer reads it. */
export interface ImportedSubscriber {
  email: string;
  name: string;
  subscribed: boolean;
  createdAt: Date | null;
}

/**
 * Another site's members become subscribers (source "ghost"): subscribed ones get the default
 * newsletter, the others are kept as unsubscribed (so no later import or form mails them
 * without their word). An address already here is left as it is. Answers how many were added.
 */
export async function writeImportedSubscribers(
  db: Database,
  input: { site: string; members: readonly ImportedSubscriber[] },
): Promise<number> {
  if (input.members.length === 0) return 0;
  const now = new Date();
  const consentNote = `Imported from the Ghost site ${input.site}`;
  const created = await db
    .insert(subscribers)
    .values(
      input.members.map((member) => ({
        email: member.email.trim(),
        name: member.name,
        status: member.subscribed ? ("subscribed" as const) : ("unsubscribed" as const),
        source: "ghost",
        consentAt: member.createdAt,
        consentForm: "ghost-import",
        consentNote,
        manageToken: createToken(),
        subscribedAt: member.subscribed ? (member.createdAt ?? now) : null,
        unsubscribedAt: member.subscribed ? null : now,
        createdAt: member.createdAt ?? now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subscribers.id, status: subscribers.status });
  const [fallback] = await db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.isDefault, true), eq(newsletters.archived, false)));
  const subscribedIds = created.filter((row) => row.status === "subscribed").map((row) => row.id);
  if (fallback && subscribedIds.length > 0)
    await db
      .insert(subscriberNewsletters)
      .values(subscribedIds.map((subscriberId) => ({ subscriberId, newsletterId: fallback.id })))
      .onConflictDoNothing();
  return created.length;
}
