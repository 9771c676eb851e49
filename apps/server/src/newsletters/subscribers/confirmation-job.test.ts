import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createJobQueue, SEND_SUBSCRIBE_CONFIRMATION } from "../../jobs";
import { createLogger } from "../../logger";
import { freePort } from "../../testing/production-server";
import { type ReceivedMail, startSmtpSink } from "../../testing/smtp-sink";
import { uniqueEmail } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

/*
 * Where the job queue runs, a sign-up's confirmation mail is a job (send-subscribe-confirmation):
 * the answer is given before it, and the job sends the mail to a real SMTP server, once.
 */
const smtpPort = await freePort();
const context = useTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
const received: ReceivedMail[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = await startSmtpSink(smtpPort, received);
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

it(`queues the confirmation mail as a job that sends it once, on ${testDatabaseKind()}`, async () => {
  const jobs = createJobQueue(context.database, createLogger(context.config), { mailRetryDelaySeconds: 1 });
  await jobs.start(context.app.services.jobHandlers);
  try {
    const email = uniqueEmail("queued");
    expect(await jobs.queueSubscribeConfirmation({ email, newsletterIds: [], ip: null, form: "api" })).toBe(true);
    const jobState = async () =>
      (
        await context.database.executeSql("select state from pgboss.job where name = $1 and data->>'email' = $2", [
          SEND_SUBSCRIBE_CONFIRMATION,
          email,
        ])
      ).rows as { state: string }[];
    for (let attempt = 0; attempt < 200 && (await jobState())[0]?.state !== "completed"; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobState()).toEqual([{ state: "completed" }]);
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    // The job made the address pending: it waits for its link.
    const pending = await context.database.executeSql("select status from subscribers where email = $1", [email]);
    expect(pending.rows).toEqual([{ status: "pending" }]);
  } finally {
    await jobs.stop();
  }
});
