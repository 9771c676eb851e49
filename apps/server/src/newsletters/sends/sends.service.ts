import { isUuid, SEND_MESSAGES, type SendInput, type SendJson } from "@broadsheet/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/client";
import {
  newsletterDeliveries,
  newsletterLinkClicks,
  newsletterPostSends,
  newsletterSends,
  newsletterSettings,
  newsletters,
} from "../../db/schema/newsletters/newsletters";
import { posts } from "../../db/schema/posts/posts";
import { AppError, conflict, invalid, notFound } from "../../errors";
import type { Logger } from "../../logger";
import type { NewsletterMailWriter, RenderedNewsletter } from "../newsletter-mail-contract";
import { createMessageWriter } from "./message-template";
import type { DeliveryOutcome, MailSender } from "./smtp-sender";
import { signMessage } from "./smtp-sender";

/*
 * Sends (docs/product/newsletter-sending.md, docs/decisions/072): a story mailed to newsletters'
 * subscribers. Starting a send fixes its recipients as one delivery row each; each batch of rows
 * is a job; a row goes pending → committing (just before the message's final dot) → sent, so a
 * crash anywhere never mails anyone twice and leaves the rest pending for the restart.
 */

/** A temporary (4xx) failure is tried again after these waits (about an hour in all), then the row fails. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 40 * 60_000];
// A running batch re-reads its send's status this often (pause and cancel from any instance).
const STATUS_CHECK_MS = 1_000;
// Rows a batch claims at a time.
const CHUNK = 500;
// Delivered rows marked sent in one statement.
const SENT_MARKS_AT_ONCE = 100;
// A running batch touches its send every second (STATUS_CHECK_MS): a sending send untouched this
// long lost its process, and its batches are queued again (a second runner of a batch is harmless:
// a row is only mailed by whoever moves it to committing).
export const STALLED_AFTER_MS = 30_000;

export interface SendJobs {
  /** Queues a send's start; false when this process takes no jobs (the sweep or a test starts it). */
  queueSendStart(sendId: string): Promise<boolean>;
  /** Queues one batch of a send, not before `at` when given. */
  queueSendBatch(sendId: string, batch: number, at?: Date): Promise<boolean>;
}

export interface SendsDeps {
  db: Database;
  mailWriter: NewsletterMailWriter;
  /** Opens a sender with the delivery settings (SMTP pool, or the outbox without SMTP_URL). */
  openSender(settings: { connections: number; messagesPerSecond: number }): MailSender;
  jobs: SendJobs;
  logger: Logger;
  /** Envelope sender when the newsletter has none: the address of MAIL_FROM. */
  mailFrom: string;
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** On PGlite this process is the only one: at start, every sending send's batches are its own. */
  soleProcess: boolean;
  /** Tests shorten the retry waits. */
  retryDelaysMs?: number[];
}

interface PendingRow {
  subscriber_id: string;
  newsletter_id: string | null;
  email: string;
  attempts: number;
  name: string;
  manage_token: string;
  /** Still subscribed to one of the send's newsletters, and not suppressed since the send began. */
  wanted: boolean;
}

function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

/** Rows waiting for the database in one statement: concurrent connections' commits share an UPDATE. */
function groupedMarks(run: (ids: string[]) => Promise<Set<string>>) {
  let waiting: { id: string; resolve: (done: boolean) => void; reject: (error: unknown) => void }[] = [];
  let scheduled = false;
  const flush = async () => {
    scheduled = false;
    const group = waiting;
    waiting = [];
    try {
      const done = await run(group.map((entry) => entry.id));
      for (const entry of group) entry.resolve(done.has(entry.id));
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  };
  return (id: string) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

export function createSendsService(deps: SendsDeps) {
  const { db, logger } = deps;
  const retryDelays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const running = new Set<string>();

  async function settings() {
    const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
    return row ?? { batchSize: 100, messagesPerSecond: 10, connections: 2, tracking: false };
  }

  async function toJson(sendIds: string[]): Promise<SendJson[]> {
    if (sendIds.length === 0) return [];
    const rows = await db
      .select({ send: newsletterSends, postTitle: posts.title })
      .from(newsletterSends)
      .innerJoin(posts, eq(posts.id, newsletterSends.postId))
      .where(inArray(newsletterSends.id, sendIds))
      .orderBy(desc(newsletterSends.createdAt), desc(newsletterSends.id));
    const counts = await selectRows<{
      send_id: string;
      sent: number;
      failed: number;
      bounced: number;
      unsubscribed: number;
    }>(
      db,
      sql`select send_id,
        count(*) filter (where state in ('sent', 'committing'))::int as sent,
        count(*) filter (where state = 'failed')::int as failed,
        count(*) filter (where state = 'bounced')::int as bounced,
        count(*) filter (where unsubscribed_at is not null)::int as unsubscribed
      from newsletter_deliveries where send_id = any(${`{${sendIds.join(",")}}`}::uuid[])
      group by send_id`,
    );
    const bySend = new Map(counts.map((row) => [row.send_id, row]));
    const slugs = new Map(
      (await db.select({ id: newsletters.id, slug: newsletters.slug }).from(newsletters)).map((row) => [
        row.id,
        row.slug,
      ]),
    );
    const clicks = await db
      .select()
      .from(newsletterLinkClicks)
      .where(inArray(newsletterLinkClicks.sendId, sendIds))
      .orderBy(newsletterLinkClicks.position);
    return rows.map(({ send, postTitle }) => {
      const count = bySend.get(send.id);
      const sendClicks = clicks.filter((click) => click.sendId === send.id);
      return {
        id: send.id,
        postId: send.postId,
        postTitle,
        newsletters: send.newsletterIds.map((id) => slugs.get(id)).filter((slug): slug is string => Boolean(slug)),
        status: send.status,
        recipients: send.recipients,
        sent: count?.sent ?? 0,
        failed: count?.failed ?? 0,
        bounced: count?.bounced ?? 0,
        unsubscribed: count?.unsubscribed ?? 0,
        isResend: send.isResend,
        scheduledFor: send.scheduledFor?.toISOString() ?? null,
        createdAt: send.createdAt.toISOString(),
        startedAt: send.startedAt?.toISOString() ?? null,
        finishedAt: send.finishedAt?.toISOString() ?? null,
        error: send.error,
        tracking:
          send.opens > 0 || sendClicks.length > 0
            ? { opens: send.opens, clicks: sendClicks.map((click) => ({ url: click.url, clicks: click.clicks })) }
            : null,
      };
    });
  }

  async function get(id: string): Promise<SendJson> {
    // A path id that is no uuid names no send (and never reaches a uuid column).
    if (!isUuid(id)) throw notFound(SEND_MESSAGES.sendNotFound);
    const [send] = await toJson([id]);
    if (!send) throw notFound(SEND_MESSAGES.sendNotFound);
    return send;
  }

  /** The newsletters a send goes to: those named, or the default and the post's category's. */
  async function chooseNewsletters(categoryId: string | null, slugs: string[] | undefined) {
    const all = await db.select().from(newsletters);
    if (slugs === undefined) {
      return all.filter(
        (newsletter) => !newsletter.archived && (newsletter.isDefault || newsletter.categoryId === categoryId),
      );
    }
    if (slugs.length === 0) throw invalid(SEND_MESSAGES.noNewsletter);
    return [...new Set(slugs)].map((slug) => {
      const newsletter = all.find((candidate) => candidate.slug === slug);
      if (!newsletter) throw invalid(SEND_MESSAGES.newsletterUnknown.replace("%s", slug));
      if (newsletter.archived) throw invalid(SEND_MESSAGES.newsletterArchived.replace("%s", slug));
      return newsletter;
    });
  }

  async function finishIfDone(sendId: string): Promise<void> {
    await db.execute(sql`update newsletter_sends set status = 'sent', finished_at = now(), updated_at = now()
      where id = ${sendId} and status = 'sending'
        and not exists (select 1 from newsletter_deliveries where send_id = ${sendId} and state = 'pending')`);
  }

  async function queueBatches(sendId: string, onlyDue: boolean): Promise<void> {
    const batches = await selectRows<{ batch: number; next: Date | string | null }>(
      db,
      sql`select batch, min(retry_at) as next from newsletter_deliveries
        where send_id = ${sendId} and state = 'pending'
        group by batch order by batch`,
    );
    for (const { batch, next } of batches) {
      const at = next ? new Date(next) : undefined;
      if (onlyDue && at && at > new Date()) continue;
      await deps.jobs.queueSendBatch(sendId, batch, at && at > new Date() ? at : undefined);
    }
  }

  /** Fixes the recipients (one INSERT … SELECT) and queues one job per batch. */
  async function start(sendId: string): Promise<boolean> {
    const { batchSize } = await settings();
    const started = await db.transaction(async (tx) => {
      const [send] = await tx
        .update(newsletterSends)
        .set({ status: "sending", startedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "queued")))
        .returning();
      if (!send) return false;
      const ids = sql`${`{${send.newsletterIds.join(",")}}`}::uuid[]`;
      await tx.execute(sql`
        insert into newsletter_deliveries (send_id, subscriber_id, newsletter_id, email, batch)
        select ${sendId}, s.id,
          (select sn.newsletter_id from subscriber_newsletters sn
            where sn.subscriber_id = s.id and sn.newsletter_id = any(${ids})
            order by array_position(${ids}, sn.newsletter_id) limit 1),
          s.email,
          ((row_number() over (order by s.id)) - 1) / ${batchSize}
        from subscribers s
        where s.status = 'subscribed'
          and exists (select 1 from subscriber_newsletters sn
            where sn.subscriber_id = s.id and sn.newsletter_id = any(${ids}))
        on conflict do nothing`);
      await tx.execute(sql`update newsletter_sends
        set recipients = (select count(*) from newsletter_deliveries where send_id = ${sendId})
        where id = ${sendId}`);
      return true;
    });
    if (!started) return false;
    await finishIfDone(sendId);
    await queueBatches(sendId, false);
    return true;
  }

  /*
   * The marks name the batch: without it the planner reads every row of the send in that state
   * through (send_id, batch, state) and filters by subscriber, a cost that grows with the send.
   */

  /** Moves rows from pending to committing, concurrent connections' rows in one statement. */
  function commitMarks(sendId: string, batch: number) {
    return groupedMarks(async (ids) => {
      const rows = await selectRows<{ subscriber_id: string }>(
        db,
        sql`update newsletter_deliveries set state = 'committing', attempts = attempts + 1
          where send_id = ${sendId} and batch = ${batch} and state = 'pending'
            and subscriber_id = any(${`{${ids.join(",")}}`}::uuid[])
          returning subscriber_id`,
      );
      return new Set(rows.map((row) => row.subscriber_id));
    });
  }

  /**
   * Marks delivered rows sent, many to a statement and without holding up the next mail: a row
   * left committing by a crash already counts as sent, so the mark is bookkeeping, not the guard.
   */
  function deliveredMarks(sendId: string, batch: number) {
    let ids: string[] = [];
    const writes: Promise<unknown>[] = [];
    let failure: unknown;
    const flush = () => {
      if (ids.length === 0) return;
      const group = ids;
      ids = [];
      const write = db.execute(sql`update newsletter_deliveries set state = 'sent', sent_at = now()
          where send_id = ${sendId} and batch = ${batch} and state = 'committing'
            and subscriber_id = any(${`{${group.join(",")}}`}::uuid[])`);
      // Held until settle() so a failed write fails the batch rather than the process.
      writes.push(
        write.catch((error: unknown) => {
          failure ??= error;
        }),
      );
    };
    return {
      add(id: string) {
        ids.push(id);
        if (ids.length >= SENT_MARKS_AT_ONCE) flush();
      },
      /** Writes what is left and waits for every mark. */
      async settle() {
        flush();
        await Promise.all(writes.splice(0));
        if (failure) throw failure;
      },
    };
  }

  async function recordFailure(sendId: string, row: PendingRow, outcome: DeliveryOutcome, committed: boolean) {
    const from = committed ? "committing" : "pending";
    const where = sql`send_id = ${sendId} and subscriber_id = ${row.subscriber_id} and state = ${from}`;
    if (outcome.kind === "permanent") {
      await db.execute(
        sql`update newsletter_deliveries set state = 'bounced', last_error = ${outcome.error} where ${where}`,
      );
      // A refused address is suppressed: no newsletter goes to it again.
      await db.execute(sql`update subscribers set status = 'bounced', suppression_reason = ${outcome.error}, updated_at = now()
        where id = ${row.subscriber_id} and status = 'subscribed'`);
      return;
    }
    if (outcome.kind === "temporary" || outcome.kind === "unsent") {
      const attempts = row.attempts + 1;
      const delay = retryDelays[attempts - 1];
      if (delay === undefined) {
        await db.execute(sql`update newsletter_deliveries set state = 'failed', attempts = ${attempts},
          last_error = ${outcome.error} where ${where}`);
      } else {
        await db.execute(sql`update newsletter_deliveries set state = 'pending', attempts = ${attempts},
          retry_at = ${new Date(Date.now() + delay)}, last_error = ${outcome.error} where ${where}`);
      }
    }
  }

  async function renderer(sendId: string, postId: string, tracking: boolean) {
    const rendered = new Map<string, Promise<RenderedNewsletter>>();
    return (newsletterId: string | null) => {
      const key = newsletterId ?? "";
      let mail = rendered.get(key);
      if (!mail) {
        mail = deps.mailWriter.render(
          postId,
          newsletterId ?? undefined,
          tracking ? { tracking: { sendId } } : undefined,
        );
        rendered.set(key, mail);
      }
      return mail;
    };
  }

  /** Per newsletter of the send: its rendered mail and the writer of each recipient's message. */
  function composer(sendId: string, render: (newsletterId: string | null) => Promise<RenderedNewsletter>) {
    const writers = new Map<string, ReturnType<typeof createMessageWriter>>();
    return async (row: PendingRow): Promise<{ rendered: RenderedNewsletter; message: Buffer }> => {
      const key = row.newsletter_id ?? "";
      const rendered = await render(row.newsletter_id);
      let write = writers.get(key);
      if (!write) {
        write = createMessageWriter(rendered, sendId);
        writers.set(key, write);
      }
      const message = await write({
        subscriberId: row.subscriber_id,
        email: row.email,
        name: row.name,
        manageToken: row.manage_token,
      });
      return { rendered, message: await signMessage(message, deps.dkim) };
    };
  }

  /**
   * Delivers a batch's due pending rows. Any instance may run any batch; a row is only mailed
   * by whoever moves it from pending to committing.
   */
  async function runBatch(sendId: string, batch: number): Promise<void> {
    const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, sendId));
    if (send?.status !== "sending") return;
    const config = await settings();
    let render: Awaited<ReturnType<typeof renderer>>;
    try {
      render = await renderer(sendId, send.postId, config.tracking);
      await render(send.newsletterIds[0] ?? null);
    } catch (error) {
      if (error instanceof AppError && error.kind === "not_found") {
        await db
          .update(newsletterSends)
          .set({ status: "failed", error: error.message, finishedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "sending")));
        return;
      }
      throw error;
    }
    const compose = composer(sendId, render);
    const sender = deps.openSender(config);
    const toCommitting = commitMarks(sendId, batch);
    const sentMarks = deliveredMarks(sendId, batch);
    const key = `${sendId}:${batch}`;
    running.add(key);
    let lastCheck = Date.now();
    const stillSending = async () => {
      if (Date.now() - lastCheck < STATUS_CHECK_MS) return true;
      lastCheck = Date.now();
      const [current] = await db
        .update(newsletterSends)
        .set({ updatedAt: new Date() })
        .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "sending")))
        .returning({ id: newsletterSends.id });
      return Boolean(current);
    };
    const ids = sql`${`{${send.newsletterIds.join(",")}}`}::uuid[]`;
    try {
      let stopped = false;
      while (!stopped) {
        const rows = await selectRows<PendingRow>(
          db,
          sql`select d.subscriber_id, d.newsletter_id, d.email, d.attempts, s.name, s.manage_token,
              (s.status = 'subscribed' and exists (select 1 from subscriber_newsletters sn
                where sn.subscriber_id = s.id and sn.newsletter_id = any(${ids}))) as wanted
            from newsletter_deliveries d join subscribers s on s.id = d.subscriber_id
            where d.send_id = ${sendId} and d.batch = ${batch} and d.state = 'pending'
              and (d.retry_at is null or d.retry_at <= now())
            order by d.subscriber_id limit ${CHUNK}`,
        );
        if (rows.length === 0) break;
        const unwanted = rows.filter((row) => !row.wanted).map((row) => row.subscriber_id);
        if (unwanted.length > 0) {
          await db.execute(sql`update newsletter_deliveries set state = 'skipped'
            where send_id = ${sendId} and batch = ${batch} and state = 'pending'
              and subscriber_id = any(${`{${unwanted.join(",")}}`}::uuid[])`);
        }
        const queue = rows.filter((row) => row.wanted);
        const worker = async () => {
          for (let row = queue.shift(); row && !stopped; row = queue.shift()) {
            if (!(await stillSending())) {
              stopped = true;
              return;
            }
            let composed: Awaited<ReturnType<typeof compose>>;
            try {
              composed = await compose(row);
            } catch (error) {
              // An address the mail cannot be written to (never stored by the forms): that row fails, not the batch.
              await db.execute(sql`update newsletter_deliveries set state = 'failed',
                  last_error = ${String((error as Error).message).slice(0, 500)}
                where send_id = ${sendId} and subscriber_id = ${row.subscriber_id} and state = 'pending'`);
              continue;
            }
            const { rendered, message } = composed;
            let committed = false;
            const outcome = await sender.deliver(
              { from: rendered.from.address || addressOf(deps.mailFrom), to: row.email, message },
              async () => {
                committed = await toCommitting(row.subscriber_id);
                return committed;
              },
            );
            if (outcome.kind === "sent" || outcome.kind === "unknown") {
              if (outcome.kind === "unknown")
                logger.warn(
                  { sendId, to: row.email, err: outcome.error },
                  "newsletter: connection lost after the commit; counted as sent",
                );
              sentMarks.add(row.subscriber_id);
            } else if (outcome.kind !== "abandoned") {
              await recordFailure(sendId, row, outcome, committed);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, config.connections) }, worker));
        await sentMarks.settle();
      }
    } finally {
      running.delete(key);
      await sender.close();
    }
    // Rows waiting for a retry: this batch runs again when the first is due.
    const [next] = await selectRows<{ at: Date | string | null }>(
      db,
      sql`select min(retry_at) as at from newsletter_deliveries
        where send_id = ${sendId} and batch = ${batch} and state = 'pending'`,
    );
    if (next?.at) await deps.jobs.queueSendBatch(sendId, batch, new Date(next.at));
    await finishIfDone(sendId);
  }

  async function changeStatus(id: string, from: string[], to: "paused" | "sending" | "cancelled", message: string) {
    if (!isUuid(id)) throw notFound(SEND_MESSAGES.sendNotFound);
    const [changed] = await db
      .update(newsletterSends)
      .set({ status: to, updatedAt: new Date(), ...(to === "cancelled" && { finishedAt: new Date() }) })
      .where(and(eq(newsletterSends.id, id), inArray(newsletterSends.status, from as never[])))
      .returning();
    if (!changed) {
      await get(id);
      throw conflict(message);
    }
    return changed;
  }

  return {
    /** Queues a send (409 naming the newsletters that had the story, unless resend). */
    async create(input: SendInput, createdBy: string | undefined): Promise<{ id: string }> {
      const [post] = await db.select().from(posts).where(eq(posts.id, input.postId));
      if (!post) throw notFound(SEND_MESSAGES.postNotFound);
      const chosen = await chooseNewsletters(post.categoryId ?? null, input.newsletters);
      if (chosen.length === 0) throw invalid(SEND_MESSAGES.noNewsletter);
      const scheduledFor =
        !post.isPublished && post.scheduledAt && post.scheduledAt > new Date() ? post.scheduledAt : null;
      const id = await db.transaction(async (tx) => {
        const [send] = await tx
          .insert(newsletterSends)
          .values({
            postId: post.id,
            newsletterIds: chosen.map((newsletter) => newsletter.id),
            scheduledFor,
            isResend: Boolean(input.resend),
            subject: post.title,
            createdBy,
          })
          .returning({ id: newsletterSends.id });
        if (!send) throw new Error("send not inserted");
        const values = chosen.map((newsletter) => ({ postId: post.id, newsletterId: newsletter.id, sendId: send.id }));
        // The at-most-once guard: the (post, newsletter) key refuses a second send in a race too.
        const inserted = input.resend
          ? await tx
              .insert(newsletterPostSends)
              .values(values)
              .onConflictDoUpdate({
                target: [newsletterPostSends.postId, newsletterPostSends.newsletterId],
                set: { sendId: send.id, createdAt: new Date() },
              })
              .returning({ newsletterId: newsletterPostSends.newsletterId })
          : await tx
              .insert(newsletterPostSends)
              .values(values)
              .onConflictDoNothing()
              .returning({ newsletterId: newsletterPostSends.newsletterId });
        if (inserted.length < chosen.length) {
          const done = new Set(inserted.map((row) => row.newsletterId));
          const names = chosen.filter((newsletter) => !done.has(newsletter.id)).map((newsletter) => newsletter.slug);
          throw conflict(SEND_MESSAGES.alreadySent.replace("%s", names.join(", ")));
        }
        return send.id;
      });
      if (!scheduledFor) await deps.jobs.queueSendStart(id);
      return { id };
    },
    get,
    async list(postId: string | undefined): Promise<SendJson[]> {
      const rows = await db
        .select({ id: newsletterSends.id })
        .from(newsletterSends)
        .where(postId ? eq(newsletterSends.postId, postId) : undefined)
        .orderBy(desc(newsletterSends.createdAt), desc(newsletterSends.id))
        .limit(50);
      return toJson(rows.map((row) => row.id));
    },
    async pause(id: string): Promise<SendJson> {
      await changeStatus(id, ["queued", "sending"], "paused", SEND_MESSAGES.cannotPause);
      return get(id);
    },
    async resume(id: string): Promise<SendJson> {
      const send = await changeStatus(id, ["paused"], "sending", SEND_MESSAGES.cannotResume);
      if (!send.startedAt) {
        // Paused before it started: it goes back to the queue and starts as usual.
        await db.update(newsletterSends).set({ status: "queued" }).where(eq(newsletterSends.id, id));
        if (!send.scheduledFor || send.scheduledFor <= new Date()) await deps.jobs.queueSendStart(id);
      } else {
        await queueBatches(id, false);
        await finishIfDone(id);
      }
      return get(id);
    },
    async cancel(id: string): Promise<SendJson> {
      await changeStatus(id, ["queued", "sending", "paused"], "cancelled", SEND_MESSAGES.cannotCancel);
      await db
        .update(newsletterDeliveries)
        .set({ state: "skipped" })
        .where(and(eq(newsletterDeliveries.sendId, id), eq(newsletterDeliveries.state, "pending")));
      return get(id);
    },
    start,
    runBatch,
    /**
     * Every minute and at start: starts the sends that are due (their post went live), and queues
     * again the batches of sends whose process died (all of them at start on PGlite, where this
     * process is the only one).
     */
    async sweep({ atStart }: { atStart: boolean }): Promise<void> {
      const due = await selectRows<{ id: string }>(
        db,
        sql`select s.id from newsletter_sends s join posts p on p.id = s.post_id
          where s.status = 'queued' and (s.scheduled_for is null or p.is_published)`,
      );
      for (const { id } of due) await start(id);
      const stalled = await selectRows<{ id: string }>(
        db,
        atStart && deps.soleProcess
          ? sql`select id from newsletter_sends where status = 'sending'`
          : sql`select id from newsletter_sends where status = 'sending'
              and updated_at < ${new Date(Date.now() - STALLED_AFTER_MS)}`,
      );
      for (const { id } of stalled) {
        if ([...running].some((key) => key.startsWith(`${id}:`))) continue;
        await db.update(newsletterSends).set({ updatedAt: new Date() }).where(eq(newsletterSends.id, id));
        await queueBatches(id, true);
        await finishIfDone(id);
      }
    },
    /** Runs a send to its end in this process (tests, the bench): start, then every batch in turn. */
    async runToEnd(sendId: string): Promise<void> {
      await start(sendId);
      for (;;) {
        const batches = await selectRows<{ batch: number }>(
          db,
          sql`select distinct batch from newsletter_deliveries where send_id = ${sendId} and state = 'pending'
            and (retry_at is null or retry_at <= now()) order by batch`,
        );
        const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, sendId));
        if (batches.length === 0 || send?.status !== "sending") break;
        for (const { batch } of batches) await runBatch(sendId, batch);
      }
      await finishIfDone(sendId);
    },
  };
}

export type SendsService = ReturnType<typeof createSendsService>;
