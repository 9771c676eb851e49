import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";

/*
 * Background work on pg-boss (docs/decisions/015): jobs are rows of the site's own database,
 * so they survive restarts, and each is taken by one instance only (SKIP LOCKED), however
 * many run. PGlite and PostgreSQL share this code: pg-boss runs its SQL through the
 * database handle's own connection(s).
 */

/** Publishes the scheduled posts that are due (an idempotent sweep). */
export const PUBLISH_DUE_POSTS = "publish-due-posts";

export type JobName = typeof PUBLISH_DUE_POSTS;
export type JobHandlers = Record<JobName, () => Promise<unknown>>;

// Every minute, whatever was triggered: a job lost or missed is caught up within a minute.
const SWEEP_EVERY_MINUTE = "* * * * *";

export function createJobQueue(database: Pick<DatabaseHandle, "executeSql">, logger: Logger) {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: true,
    supervise: true,
  });
  boss.on("error", (error) => logger.warn({ err: error }, "job queue error"));
  let running = false;

  return {
    /** Starts taking jobs here, and runs each sweep once for what fell due while no instance ran. */
    async start(handlers: JobHandlers): Promise<void> {
      await boss.start();
      for (const [name, handler] of Object.entries(handlers)) {
        await boss.createQueue(name);
        await boss.work(name, { pollingIntervalSeconds: 1 }, async () => {
          await handler();
        });
        await handler();
      }
      await boss.schedule(PUBLISH_DUE_POSTS, SWEEP_EVERY_MINUTE);
      running = true;
    },

    /** Runs `name` at `at` on whichever instance is free then; before start() the minute sweep covers it. */
    async runAt(name: JobName, at: Date): Promise<void> {
      if (!running) return;
      try {
        await boss.sendAfter(name, {}, {}, at);
      } catch (error) {
        logger.warn({ err: error, job: name }, "could not queue a job; the minute sweep will run it");
      }
    },

    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, close: false, timeout: 5_000 });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
