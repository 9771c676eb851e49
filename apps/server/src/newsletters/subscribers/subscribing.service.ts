import {
  isUuid,
  isValidEmail,
  type ManagedSubscriptionJson,
  NEWSLETTER_TOKEN_PATTERN,
  newsletterConfirmPath,
  newsletterManagePath,
  normalizeEmail,
  SUBSCRIBER_MESSAGES,
} from "@broadsheet/domain";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { createToken, hashToken } from "../../accounts";
import type { Database } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { newsletterDeliveries, subscriberNewsletters, subscribers } from "../../db/schema";
import { invalid } from "../../errors";
import { type JobQueue, queuedOrHere, type SubscribeConfirmationJob } from "../../jobs";
import type { Logger } from "../../logger";
import type { MailService } from "../../mail";
import { RATE_LIMITS, type RateLimiter } from "../../rate-limits";
import {
  activeNewsletters,
  addNewsletters,
  consentIp,
  findByEmail,
  isSuppressed,
  newsletterIdsOf,
  replaceNewsletters,
  type SubscriberRow,
} from "./subscriber-rows";
import { alreadySubscribedMail, confirmationMail } from "./subscription-mails";

/** A confirmation link works this long after it was mailed. */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** An address that is subscribed already is told so at most once a day, however often it is entered. */
const ALREADY_SUBSCRIBED_MAIL_EVERY_MS = 24 * 60 * 60 * 1000;

/** The logged-in reader, as far as subscribing cares. */
export interface Reader {
  id: string;
  email: string;
  name: string;
}

/** Where a sign-up came from: the reader (if logged in), the client's address and the form. */
export interface SubscribeContext {
  reader: Reader | null;
  ip: string | null;
  /** The rate limits' key of the client (its address, or its /64). */
  client: string;
  /** "home", "post-page", "footer", "api"… */
  form: string;
}

export function createSubscribingService(deps: {
  db: Database;
  mail: MailService;
  jobs: Pick<JobQueue, "queueSubscribeConfirmation">;
  rateLimiter: RateLimiter;
  publicUrl: string;
  siteName: () => Promise<string>;
  logger: Logger;
}) {
  const { db, mail, jobs, rateLimiter, publicUrl, logger } = deps;
  const background = queuedOrHere(logger, "could not send a subscription confirmation mail");

  const namesOf = async (newsletterIds: readonly string[]) => {
    const siteName = await deps.siteName();
    const active = await activeNewsletters(db, siteName);
    return { siteName, names: active.filter((item) => newsletterIds.includes(item._id)).map((item) => item.name) };
  };

  /** The address is subscribed now (a logged-in reader's own choice); bounced ones stay suppressed. */
  async function subscribeAccount(reader: Reader, newsletterIds: readonly string[], ip: string | null, form: string) {
    const now = new Date();
    const existing = await accountRow(reader);
    const consent = { consentAt: now, consentIp: ip, consentForm: form, consentNote: "" };
    if (!existing) {
      const [created] = await db
        .insert(subscribers)
        .values({
          email: reader.email,
          name: reader.name,
          userId: reader.id,
          status: "subscribed",
          source: "account",
          ...consent,
          manageToken: createToken(),
          subscribedAt: now,
        })
        .returning();
      if (created) await addNewsletters(db, created.id, newsletterIds);
      return;
    }
    const status = existing.status === "bounced" ? existing.status : "subscribed";
    await db
      .update(subscribers)
      .set({
        userId: reader.id,
        status,
        ...(existing.status === "subscribed" ? {} : consent),
        confirmTokenHash: null,
        subscribedAt: existing.status === "subscribed" ? existing.subscribedAt : now,
        unsubscribedAt: null,
        updatedAt: now,
      })
      .where(eq(subscribers.id, existing.id));
    await addNewsletters(db, existing.id, newsletterIds);
  }

  /** The subscriber row of a logged-in reader: linked to the account, or with its address. */
  async function accountRow(reader: Reader): Promise<SubscriberRow | undefined> {
    const rows = await db
      .select()
      .from(subscribers)
      .where(or(eq(subscribers.userId, reader.id), sql`lower(${subscribers.email}) = ${normalizeEmail(reader.email)}`));
    return rows.find((row) => row.userId === reader.id) ?? rows[0];
  }

  async function byManageToken(token: string): Promise<SubscriberRow> {
    if (!NEWSLETTER_TOKEN_PATTERN.test(token)) throw invalid(SUBSCRIBER_MESSAGES.linkInvalid);
    const [row] = await db.select().from(subscribers).where(eq(subscribers.manageToken, token));
    if (!row) throw invalid(SUBSCRIBER_MESSAGES.linkInvalid);
    return row;
  }

  /** Every active newsletter, marked when the address gets it (and is not unsubscribed). */
  async function choicesOf(row: SubscriberRow | undefined) {
    const active = await activeNewsletters(db, await deps.siteName());
    const held = row
      ? new Set(
          (
            await db
              .select({ id: subscriberNewsletters.newsletterId })
              .from(subscriberNewsletters)
              .where(eq(subscriberNewsletters.subscriberId, row.id))
          ).map((item) => item.id),
        )
      : new Set<string>();
    const receiving = row?.status === "subscribed" || row?.status === "pending";
    return active.map(({ isDefault: _isDefault, ...newsletter }) => ({
      ...newsletter,
      subscribed: receiving && held.has(newsletter._id),
    }));
  }

  /** The address gets these newsletters; none = it leaves them all. */
  async function choose(row: SubscriberRow, newsletterIds: readonly string[]) {
    const now = new Date();
    if (newsletterIds.length === 0) return service.leave(row);
    await replaceNewsletters(db, row.id, newsletterIds);
    // Choosing on the manage page or the profile is the reader's own word: an address that had
    // left is back; a pending one still waits for its confirmation; suppressed ones stay so.
    if (row.status === "unsubscribed")
      await db
        .update(subscribers)
        .set({ status: "subscribed", subscribedAt: now, unsubscribedAt: null, updatedAt: now })
        .where(eq(subscribers.id, row.id));
  }

  const service = {
    /**
     * A sign-up. Anonymous (or another address than the reader's account): the confirmation mail
     * is queued and the answer is the same, in the same time, whether or not the address is
     * known; the job does the rest. The logged-in reader's own address is subscribed at once.
     */
    async subscribe(
      input: { email: string; newsletters?: string[] },
      context: SubscribeContext,
    ): Promise<{ message: string }> {
      const email = input.email.trim();
      if (!isValidEmail(email)) throw invalid(SUBSCRIBER_MESSAGES.emailInvalid);
      const newsletterIds = await newsletterIdsOf(db, input.newsletters);
      if (newsletterIds.length === 0) throw invalid(SUBSCRIBER_MESSAGES.newsletterUnknown.replace("%s", ""));
      await rateLimiter.consume(RATE_LIMITS.subscribePerClient, context.client);
      await rateLimiter.consume(RATE_LIMITS.subscribePerAddress, normalizeEmail(email));
      const ip = consentIp(context.ip);
      if (context.reader && normalizeEmail(context.reader.email) === normalizeEmail(email)) {
        await subscribeAccount(context.reader, newsletterIds, ip, context.form);
        return { message: SUBSCRIBER_MESSAGES.subscribedNow };
      }
      service.requestConfirmationInBackground({ email, newsletterIds, ip, form: context.form });
      return { message: SUBSCRIBER_MESSAGES.subscribeAccepted };
    },

    /**
     * The job of a sign-up (SEND_SUBSCRIBE_CONFIRMATION): a new or waiting address becomes
     * pending with a fresh link and gets it by mail; a subscribed one gets a "manage here" note
     * at most once a day; a bounced or complained one gets nothing.
     */
    async requestConfirmation(job: SubscribeConfirmationJob): Promise<void> {
      const now = new Date();
      const token = createToken();
      const pending = {
        status: "pending" as const,
        confirmTokenHash: hashToken(token),
        confirmSentAt: now,
        consentAt: now,
        consentIp: job.ip,
        consentForm: job.form,
      };
      let row = await findByEmail(db, job.email);
      if (!row) {
        try {
          [row] = await db
            .insert(subscribers)
            .values({ email: job.email, source: "form", manageToken: createToken(), ...pending })
            .returning();
        } catch (error) {
          // The same address asked twice at once: the other job made the row; this one mails.
          if (!isUniqueViolation(error)) throw error;
          row = await findByEmail(db, job.email);
        }
        if (!row) throw new Error("subscriber write returned no row");
      } else if (row.status === "subscribed") {
        if (row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < ALREADY_SUBSCRIBED_MAIL_EVERY_MS) return;
        await db.update(subscribers).set({ confirmSentAt: now }).where(eq(subscribers.id, row.id));
        await mail.sendMail(
          alreadySubscribedMail({
            to: row.email,
            siteName: await deps.siteName(),
            manageUrl: `${publicUrl}${newsletterManagePath(row.manageToken)}`,
          }),
        );
        return;
      } else if (isSuppressed(row.status)) {
        return;
      } else {
        await db
          .update(subscribers)
          .set({ ...pending, updatedAt: now })
          .where(eq(subscribers.id, row.id));
      }
      await addNewsletters(db, row.id, job.newsletterIds);
      const { siteName, names } = await namesOf(job.newsletterIds);
      await mail.sendMail(
        confirmationMail({
          to: row.email,
          siteName,
          newsletterNames: names,
          confirmUrl: `${publicUrl}${newsletterConfirmPath(token)}`,
        }),
      );
    },

    /**
     * requestConfirmation off the request path: queued where the job queue runs (the mail
     * survives a restart and a mail server that is down is retried), else run here after the answer.
     */
    requestConfirmationInBackground(job: SubscribeConfirmationJob): void {
      background.start(
        () => jobs.queueSubscribeConfirmation(job),
        () => service.requestConfirmation(job),
      );
    },

    /** Resolves once the confirmation mails asked for so far are sent (shutdown and tests). */
    settled: () => background.settled(),

    /** The confirmation link, followed: the pending address is subscribed and the link spent. */
    async confirm(token: string): Promise<{ message: string }> {
      if (!NEWSLETTER_TOKEN_PATTERN.test(token)) throw invalid(SUBSCRIBER_MESSAGES.linkInvalid);
      const now = new Date();
      const [confirmed] = await db
        .update(subscribers)
        // confirm_sent_at is cleared too: it now dates the last "subscribed already" note, of which there is none yet.
        .set({
          status: "subscribed",
          subscribedAt: now,
          unsubscribedAt: null,
          confirmTokenHash: null,
          confirmSentAt: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(subscribers.confirmTokenHash, hashToken(token)),
            eq(subscribers.status, "pending"),
            gt(subscribers.confirmSentAt, new Date(now.getTime() - CONFIRM_TOKEN_TTL_MS)),
          ),
        )
        .returning({ id: subscribers.id });
      if (!confirmed) throw invalid(SUBSCRIBER_MESSAGES.linkInvalid);
      return { message: SUBSCRIBER_MESSAGES.confirmed };
    },

    /** The manage page: the address, its status and its choices. */
    async manage(token: string): Promise<ManagedSubscriptionJson> {
      const row = await byManageToken(token);
      return { email: row.email, status: row.status, newsletters: await choicesOf(row) };
    },

    async setChoices(token: string, slugs: readonly string[]): Promise<ManagedSubscriptionJson> {
      const row = await byManageToken(token);
      await choose(row, await newsletterIdsOf(db, slugs));
      return service.manage(token);
    },

    /** Leaves every newsletter; `sendId` credits the unsubscribe to the send whose mail it came from. */
    async unsubscribe(token: string, sendId?: string): Promise<{ message: string }> {
      const row = await byManageToken(token);
      await service.leave(row);
      if (sendId && isUuid(sendId))
        await db
          .update(newsletterDeliveries)
          .set({ unsubscribedAt: new Date() })
          .where(
            and(
              eq(newsletterDeliveries.sendId, sendId),
              eq(newsletterDeliveries.subscriberId, row.id),
              isNull(newsletterDeliveries.unsubscribedAt),
            ),
          );
      return { message: SUBSCRIBER_MESSAGES.unsubscribed };
    },

    /** The address leaves every newsletter (a suppressed one keeps its status: it stays suppressed). */
    async leave(row: SubscriberRow): Promise<void> {
      const now = new Date();
      await db.delete(subscriberNewsletters).where(eq(subscriberNewsletters.subscriberId, row.id));
      if (isSuppressed(row.status) || row.status === "unsubscribed") return;
      await db
        .update(subscribers)
        .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
        .where(eq(subscribers.id, row.id));
    },

    /** The profile page's Newsletters: every active one, marked. */
    async mine(reader: Reader) {
      return { newsletters: await choicesOf(await accountRow(reader)) };
    },

    /** The profile page's toggles, saved: the account's address gets exactly these (no confirmation needed). */
    async updateMine(reader: Reader, slugs: readonly string[], ip: string | null) {
      const newsletterIds = await newsletterIdsOf(db, slugs);
      const row = await accountRow(reader);
      if (!row) {
        if (newsletterIds.length > 0) await subscribeAccount(reader, newsletterIds, consentIp(ip), "profile");
      } else {
        if (row.userId !== reader.id)
          await db.update(subscribers).set({ userId: reader.id }).where(eq(subscribers.id, row.id));
        // A pending address is the reader's own: the account vouches for it.
        if (row.status === "pending" && newsletterIds.length > 0)
          await subscribeAccount(reader, newsletterIds, consentIp(ip), "profile");
        await choose(row.status === "pending" ? { ...row, status: "subscribed" } : row, newsletterIds);
      }
      return service.mine(reader);
    },
  };
  return service;
}

export type SubscribingService = ReturnType<typeof createSubscribingService>;
