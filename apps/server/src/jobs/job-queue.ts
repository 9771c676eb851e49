import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";

/*
 * Background work on pg-boss (docs/decisions/015, 020): jobs are rows of the site's own
 * database, so they survive restarts, and each is taken by one instance only (SKIP LOCKED),
 * however many run. PGlite and PostgreSQL share this code: pg-boss runs its SQL through the
 * database handle's own connection(s).
 */

/** Publishes the scheduled posts that are due (an idempotent sweep). */
export const PUBLISH_DUE_POSTS = "publish-due-posts";
/** Mails a password reset link to an address, if it has an account; the job holds the address only. */
export const SEND_PASSWORD_RESET = "send-password-reset";
/**
 * Mails the confirmation link to an address that asked to subscribe (newsletters/subscribers):
 * the sign-up answers at once, whether or not the address is known, and the token is made by the job.
 */
export const SEND_SUBSCRIBE_CONFIRMATION = "send-subscribe-confirmation";
/** Runs one queued import of another site's export (site-import/import-jobs.ts). */
export const RUN_IMPORT = "run-import";
/** Queues again the imports a stopped or crashed process left, and drops uploads kept too long. */
export const SWEEP_IMPORTS = "sweep-imports";
/** Fixes a newsletter send's recipients and queues its batches (newsletters/sends). */
export const START_NEWSLETTER_SEND = "start-newsletter-send";
/** Delivers one batch of a newsletter send's recipients. */
export const SEND_NEWSLETTER_BATCH = "send-newsletter-batch";
/** Starts due newsletter sends and queues again the batches of sends whose process died. */
export const SWEEP_NEWSLETTER_SENDS = "sweep-newsletter-sends";

/** Who asked to subscribe, to which newsletters (ids), and the consent's client address and form. */
export interface SubscribeConfirmationJob {
  email: string;
  newsletterIds: string[];
  ip: string | null;
  form: string;
}

export interface JobHandlers {
  [PUBLISH_DUE_POSTS]: () => Promise<unknown>;
  [SEND_PASSWORD_RESET]: (data: { email: string }) => Promise<unknown>;
  [SEND_SUBSCRIBE_CONFIRMATION]: (data: SubscribeConfirmationJob) => Promise<unknown>;
  [RUN_IMPORT]: (data: { importId: string }) => Promise<unknown>;
  /** `atStart`: this process has just started (on PGlite, the only one: nothing else is running an import). */
  [SWEEP_IMPORTS]: (options: { atStart: boolean }) => Promise<unknown>;
  [START_NEWSLETTER_SEND]: (data: { sendId: string }) => Promise<unknown>;
  [SEND_NEWSLETTER_BATCH]: (data: { sendId: string; batch: number }) => Promise<unknown>;
  /** `atStart` as for imports: on PGlite, every send left sending is this process's to resume. */
  [SWEEP_NEWSLETTER_SENDS]: (options: { atStart: boolean }) => Promise<unknown>;
}

// Every minute, whatever was triggered: a job lost or missed is caught up within a minute.
const SWEEP_EVERY_MINUTE = "* * * * *";
// A mail server that is down gets retried for about an hour (30 s, doubling), then the job fails.
const MAIL_RETRY_LIMIT = 7;
const MAIL_RETRY_DELAY_SECONDS = 30;
// An import records its own failure and the sweep re-queues one a crash stopped: pg-boss never
// retries it, and lets it run for hours (its ceiling is 24).
const IMPORT_JOB_OPTIONS = { retryLimit: 0, expireInSeconds: 23 * 3_600 };
// A batch records each delivery itself: pg-boss retries one a failure stopped (a database outage),
// and the sweep queues again one whose process died; a batch at a slow pace may run for hours.
const NEWSLETTER_JOB_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 6 * 3_600 };

export interface JobQueueOptions {
  /** The first retry's delay of a mail job; each next one waits twice as long (tests shorten it). */
  mailRetryDelaySeconds?: number;
}

export function createJobQueue(
  database: Pick<DatabaseHandle, "executeSql">,
  logger: Logger,
  options: JobQueueOptions = {},
) {
  const mailRetries = {
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: options.mailRetryDelaySeconds ?? MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: true,
    supervise: true,
    // Finished jobs (their data is an e-mail address at most) are gone after a day.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on("error", (error) => logger.warn({ err: error }, "job queue error"));
  let running = false;
  let mailWorker: string | undefined;
  let importWorker: string | undefined;
  let sendWorker: string | undefined;
  let subscribeWorker: string | undefined;

  return {
    /**
     * Starts taking jobs here, and runs the due-posts sweep once for what fell due while no
     * instance ran.
     */
    async start(handlers: JobHandlers): Promise<void> {
      await boss.start();
      await boss.createQueue(PUBLISH_DUE_POSTS);
      await boss.work(PUBLISH_DUE_POSTS, { pollingIntervalSeconds: 1 }, async () => {
        await handlers[PUBLISH_DUE_POSTS]();
      });
      await handlers[PUBLISH_DUE_POSTS]();
      await boss.schedule(PUBLISH_DUE_POSTS, SWEEP_EVERY_MINUTE);

      await boss.createQueue(SEND_PASSWORD_RESET, { name: SEND_PASSWORD_RESET, ...mailRetries });
      mailWorker = await boss.work<{ email: string }>(
        SEND_PASSWORD_RESET,
        { pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await handlers[SEND_PASSWORD_RESET](job.data);
        },
      );

      await boss.createQueue(SEND_SUBSCRIBE_CONFIRMATION, { name: SEND_SUBSCRIBE_CONFIRMATION, ...mailRetries });
      subscribeWorker = await boss.work<SubscribeConfirmationJob>(
        SEND_SUBSCRIBE_CONFIRMATION,
        { pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await handlers[SEND_SUBSCRIBE_CONFIRMATION](job.data);
        },
      );

      await boss.createQueue(RUN_IMPORT, { name: RUN_IMPORT, ...IMPORT_JOB_OPTIONS });
      importWorker = await boss.work<{ importId: string }>(RUN_IMPORT, { pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await handlers[RUN_IMPORT](job.data);
      });
      await boss.createQueue(SWEEP_IMPORTS);
      await boss.work(SWEEP_IMPORTS, { pollingIntervalSeconds: 1 }, async () => {
        await handlers[SWEEP_IMPORTS]({ atStart: false });
      });
      running = true;
      await handlers[SWEEP_IMPORTS]({ atStart: true });
      await boss.schedule(SWEEP_IMPORTS, SWEEP_EVERY_MINUTE);

      await boss.createQueue(START_NEWSLETTER_SEND, { name: START_NEWSLETTER_SEND, ...NEWSLETTER_JOB_OPTIONS });
      await boss.work<{ sendId: string }>(START_NEWSLETTER_SEND, { pollingIntervalSeconds: 1 }, async ([job]) => {
        if (job) await handlers[START_NEWSLETTER_SEND](job.data);
      });
      await boss.createQueue(SEND_NEWSLETTER_BATCH, { name: SEND_NEWSLETTER_BATCH, ...NEWSLETTER_JOB_OPTIONS });
      // One batch at a time per process (it holds the SMTP connections of the settings); other instances take the others.
      sendWorker = await boss.work<{ sendId: string; batch: number }>(
        SEND_NEWSLETTER_BATCH,
        { pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => {
          if (job) await handlers[SEND_NEWSLETTER_BATCH](job.data);
        },
      );
      await boss.createQueue(SWEEP_NEWSLETTER_SENDS);
      await boss.work(SWEEP_NEWSLETTER_SENDS, { pollingIntervalSeconds: 1 }, async () => {
        await handlers[SWEEP_NEWSLETTER_SENDS]({ atStart: false });
      });
      await handlers[SWEEP_NEWSLETTER_SENDS]({ atStart: true });
      await boss.schedule(SWEEP_NEWSLETTER_SENDS, SWEEP_EVERY_MINUTE);
    },

    /** Runs `name` at `at` on whichever instance is free then; before start() the minute sweep covers it. */
    async runAt(name: typeof PUBLISH_DUE_POSTS, at: Date): Promise<void> {
      if (!running) return;
      try {
        await boss.sendAfter(name, {}, {}, at);
      } catch (error) {
        logger.warn({ err: error, job: name }, "could not queue a job; the minute sweep will run it");
      }
    },

    /** Queues a reset mail; false when this process takes no jobs (tests, the CLI), for the caller to send it itself. */
    async queuePasswordReset(email: string): Promise<boolean> {
      if (!running) return false;
      await boss.send(SEND_PASSWORD_RESET, { email }, mailRetries);
      // This instance's worker looks at once instead of at its next poll: the mail leaves now.
      if (mailWorker) boss.notifyWorker(mailWorker);
      return true;
    },

    /** Queues a subscription's confirmation mail; false when this process takes no jobs (the caller sends it). */
    async queueSubscribeConfirmation(data: SubscribeConfirmationJob): Promise<boolean> {
      if (!running) return false;
      await boss.send(SEND_SUBSCRIBE_CONFIRMATION, data, mailRetries);
      if (subscribeWorker) boss.notifyWorker(subscribeWorker);
      return true;
    },

    /** Queues an import's run; false when this process takes no jobs (the next start's sweep queues it). */
    async queueImport(importId: string): Promise<boolean> {
      if (!running) return false;
      await boss.send(RUN_IMPORT, { importId }, IMPORT_JOB_OPTIONS);
      if (importWorker) boss.notifyWorker(importWorker);
      return true;
    },

    /** Queues a newsletter send's start; false when this process takes no jobs (the sweep starts it). */
    async queueSendStart(sendId: string): Promise<boolean> {
      if (!running) return false;
      await boss.send(START_NEWSLETTER_SEND, { sendId }, NEWSLETTER_JOB_OPTIONS);
      return true;
    },

    /** Queues one batch of a send, not before `at` when given (a retry's wait). */
    async queueSendBatch(sendId: string, batch: number, at?: Date): Promise<boolean> {
      if (!running) return false;
      await boss.send(SEND_NEWSLETTER_BATCH, { sendId, batch }, { ...NEWSLETTER_JOB_OPTIONS, startAfter: at });
      if (sendWorker && !at) boss.notifyWorker(sendWorker);
      return true;
    },

    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, close: false, timeout: 5_000 });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
