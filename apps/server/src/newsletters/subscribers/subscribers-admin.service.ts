import {
  isUuid,
  isValidEmail,
  newsletterDisplayName,
  type Page,
  SUBSCRIBER_IMPORT_MAX_LINES,
  SUBSCRIBER_MESSAGES,
  SUBSCRIBER_STATUSES,
  type SubscriberImportReport,
  type SubscriberJson,
  type SubscriberListQuery,
  type SubscriberStatus,
} from "@broadsheet/domain";
import { and, asc, count, desc, eq, exists, ilike, or, sql } from "drizzle-orm";
import { createToken } from "../../accounts";
import { csvImportReport, csvLine, parseCsv, spreadsheetSafe } from "../../csv";
import type { Database } from "../../db/client";
import { readPage } from "../../db/paging";
import { newsletters, subscriberNewsletters, subscribers } from "../../db/schema";
import { escapeLike } from "../../db/sql-patterns";
import { AppError, invalid, notFound } from "../../errors";
import {
  addNewsletters,
  findByEmail,
  isSuppressed,
  newsletterIdsBySubscriber,
  newsletterIdsOf,
  toSubscriberJson,
} from "./subscriber-rows";
import type { SubscribingService } from "./subscribing.service";

/** Days of the dashboard's growth chart, today included. */
const GROWTH_DAYS = 30;

export const EXPORT_COLUMNS = [
  "email",
  "name",
  "status",
  "newsletters",
  "source",
  "consent_at",
  "consent_ip",
  "consent_form",
  "created_at",
] as const;

/** Admin → Subscribers (docs/product/subscribers.md): staff only, the routes check. */
export function createSubscribersAdminService(deps: {
  db: Database;
  subscribing: Pick<SubscribingService, "requestConfirmationInBackground">;
  siteName: () => Promise<string>;
}) {
  const { db } = deps;

  /** Slugs of every newsletter by id (archived ones too: an address may still hold them). */
  async function slugsById(): Promise<Map<string, string>> {
    const rows = await db.select({ id: newsletters.id, slug: newsletters.slug }).from(newsletters);
    return new Map(rows.map((row) => [row.id, row.slug]));
  }

  return {
    /** Newest first; `search` matches part of the address or name. */
    async list(query: SubscriberListQuery): Promise<Page<SubscriberJson>> {
      const search = query.search.trim();
      const pattern = `%${escapeLike(search)}%`;
      const newsletterSlug = query.newsletter.trim().toLowerCase();
      const where = and(
        search ? or(ilike(subscribers.email, pattern), ilike(subscribers.name, pattern)) : undefined,
        query.status ? eq(subscribers.status, query.status as SubscriberStatus) : undefined,
        newsletterSlug
          ? exists(
              db
                .select({ one: sql`1` })
                .from(subscriberNewsletters)
                .innerJoin(newsletters, eq(newsletters.id, subscriberNewsletters.newsletterId))
                .where(
                  and(eq(subscriberNewsletters.subscriberId, subscribers.id), eq(newsletters.slug, newsletterSlug)),
                ),
            )
          : undefined,
      );
      const { rows, total } = await readPage(
        query.page,
        query.limit,
        () => db.select({ total: count() }).from(subscribers).where(where),
        (offset) =>
          db
            .select()
            .from(subscribers)
            .where(where)
            .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
            .limit(query.limit)
            .offset(offset),
      );
      const [held, slugs] = await Promise.all([
        newsletterIdsBySubscriber(
          db,
          rows.map((row) => row.id),
        ),
        slugsById(),
      ]);
      const items = rows.map((row) =>
        toSubscriberJson(row, (held.get(row.id) ?? []).map((id) => slugs.get(id) ?? "").filter(Boolean)),
      );
      return { items, total, page: query.page, limit: query.limit };
    },

    /** Every address by status; each newsletter's subscribed addresses. */
    async counts() {
      const byStatusRows = await db
        .select({ status: subscribers.status, total: count() })
        .from(subscribers)
        .groupBy(subscribers.status);
      const byStatus = Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, 0])) as Record<
        SubscriberStatus,
        number
      >;
      for (const row of byStatusRows) byStatus[row.status] = row.total;
      const siteName = await deps.siteName();
      const perNewsletter = await db
        .select({
          slug: newsletters.slug,
          name: newsletters.name,
          subscribed: sql<number>`count(${subscribers.id})::int`,
        })
        .from(newsletters)
        .leftJoin(subscriberNewsletters, eq(subscriberNewsletters.newsletterId, newsletters.id))
        .leftJoin(
          subscribers,
          and(eq(subscribers.id, subscriberNewsletters.subscriberId), eq(subscribers.status, "subscribed")),
        )
        .groupBy(newsletters.id)
        .orderBy(desc(newsletters.isDefault), asc(newsletters.name));
      return {
        total: Object.values(byStatus).reduce((sum, value) => sum + value, 0),
        byStatus,
        byNewsletter: perNewsletter.map((row) => ({
          slug: row.slug,
          name: newsletterDisplayName(row.name, siteName),
          subscribed: row.subscribed,
        })),
      };
    },

    /**
     * Subscribers over time: for each of the last 30 days (UTC), the addresses subscribed at its
     * end (subscribed by then and not unsubscribed by then; bounced ones are counted until today,
     * when their status says otherwise).
     */
    async growth() {
      const result = await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as date,
          (select count(*)::int from ${subscribers}
            where ${subscribers.subscribedAt} < day + interval '1 day'
              and (${subscribers.unsubscribedAt} is null or ${subscribers.unsubscribedAt} >= day + interval '1 day')
              and (${subscribers.status} = 'subscribed' or day + interval '1 day' <= now()::date)) as subscribed
        from generate_series((now() at time zone 'utc')::date - ${GROWTH_DAYS - 1}::int,
          (now() at time zone 'utc')::date, interval '1 day') as day
        order by day`);
      const rows = (result as unknown as { rows: { date: string; subscribed: number }[] }).rows;
      return { days: rows.map((row) => ({ date: row.date, subscribed: Number(row.subscribed) })) };
    },

    /**
     * A CSV with a header naming an `email` column, optional `name` and `newsletters` (slugs
     * separated by spaces or semicolons; none = the default newsletter). New addresses are
     * subscribed with a consent note, or (with `confirm`) left pending and mailed a confirmation;
     * known ones get the newsletters and name added; ones that left or are suppressed are not
     * subscribed again. Bad lines are skipped with their reason and line number.
     */
    async importCsv(
      text: string,
      options: { staffName: string; confirm: boolean; now?: Date },
    ): Promise<SubscriberImportReport> {
      const rows = parseCsv(text);
      if (rows.length > SUBSCRIBER_IMPORT_MAX_LINES + 1) throw invalid(SUBSCRIBER_MESSAGES.tooManyLines);
      const header = (rows[0] ?? []).map((field) => field.trim().toLowerCase());
      const column = { email: header.indexOf("email"), name: header.indexOf("name") };
      const newslettersColumn = header.indexOf("newsletters");
      if (column.email < 0) throw invalid(SUBSCRIBER_MESSAGES.csvNoEmailColumn);
      const now = options.now ?? new Date();
      const note = `Imported by ${options.staffName || "staff"} on ${now.toISOString().slice(0, 10)}`;
      const { report, skip } = csvImportReport();
      for (const [index, fields] of rows.entries()) {
        if (index === 0 || fields.every((field) => field.trim() === "")) continue;
        const line = index + 1;
        const email = (fields[column.email] ?? "").trim();
        const name = column.name >= 0 ? (fields[column.name] ?? "").trim().slice(0, 200) : "";
        if (!isValidEmail(email)) {
          skip(line, `${SUBSCRIBER_MESSAGES.emailInvalid}: "${email.slice(0, 80)}"`);
          continue;
        }
        const slugs = newslettersColumn >= 0 ? (fields[newslettersColumn] ?? "").split(/[;\s]+/).filter(Boolean) : [];
        let newsletterIds: string[];
        try {
          newsletterIds = await newsletterIdsOf(db, slugs.length > 0 ? slugs : undefined);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skip(line, error.message);
          continue;
        }
        const existing = await findByEmail(db, email);
        if (existing) {
          if (isSuppressed(existing.status) || existing.status === "unsubscribed") {
            skip(line, SUBSCRIBER_MESSAGES.importLeftUnsubscribed.replace("%s", existing.status));
            continue;
          }
          if (name && name !== existing.name)
            await db.update(subscribers).set({ name, updatedAt: now }).where(eq(subscribers.id, existing.id));
          await addNewsletters(db, existing.id, newsletterIds);
          report.updated++;
          continue;
        }
        const [created] = await db
          .insert(subscribers)
          .values({
            email,
            name,
            status: options.confirm ? "pending" : "subscribed",
            source: "import",
            consentAt: now,
            consentForm: "csv-import",
            consentNote: note,
            manageToken: createToken(),
            subscribedAt: options.confirm ? null : now,
          })
          .onConflictDoNothing()
          .returning({ id: subscribers.id });
        if (!created) {
          report.updated++;
          continue;
        }
        await addNewsletters(db, created.id, newsletterIds);
        // Each mail is a job of its own: the queue sends them at its pace and retries a failure.
        if (options.confirm)
          deps.subscribing.requestConfirmationInBackground({ email, newsletterIds, ip: null, form: "csv-import" });
        report.created++;
      }
      return report;
    },

    /** Every subscriber, oldest first, cells safe from spreadsheet formulas. */
    async exportCsv(): Promise<string> {
      const slugs = await slugsById();
      const rows = await db.select().from(subscribers).orderBy(asc(subscribers.createdAt), asc(subscribers.id));
      const held = await newsletterIdsBySubscriber(
        db,
        rows.map((row) => row.id),
      );
      const lines = rows.map((row) =>
        csvLine(
          [
            row.email,
            row.name,
            row.status,
            (held.get(row.id) ?? []).map((id) => slugs.get(id) ?? "").join(";"),
            row.source,
            row.consentAt?.toISOString() ?? "",
            row.consentIp ?? "",
            row.consentForm,
            row.createdAt.toISOString(),
          ].map(spreadsheetSafe),
        ),
      );
      return [csvLine(EXPORT_COLUMNS), ...lines].join("");
    },

    /** Erases the address: its row, its newsletters and its deliveries (cascade). Answers it for the audit log. */
    async remove(id: string): Promise<{ email: string }> {
      if (!isUuid(id)) throw notFound(SUBSCRIBER_MESSAGES.subscriberNotFound);
      const [deleted] = await db
        .delete(subscribers)
        .where(eq(subscribers.id, id))
        .returning({ email: subscribers.email });
      if (!deleted) throw notFound(SUBSCRIBER_MESSAGES.subscriberNotFound);
      return deleted;
    },
  };
}

export type SubscribersAdminService = ReturnType<typeof createSubscribersAdminService>;
