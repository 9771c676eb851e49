import type { SMTPServer } from "smtp-server";
import { afterAll, expect, it } from "vitest";
import { createJobQueue, SEND_PASSWORD_RESET } from "../jobs";
import { createLogger } from "../logger";
import { freePort } from "../testing/production-server";
import { type ReceivedMail, startSmtpSink } from "../testing/smtp-sink";
import { signUp, TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * The reset mail is a job (decision 020): while the mail server is down the job fails and is
 * retried, and once the server is up the mail arrives, once. A real SMTP server on a port of
 * the test's own; the first retry waits 1 s here instead of 30.
 */
const smtpPort = await freePort();
const context = useTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });

async function mailJob(): Promise<{ state: string; retry_count: number } | undefined> {
  const { rows } = await context.database.executeSql(
    "select state, retry_count from pgboss.job where name = $1 order by created_on desc limit 1",
    [SEND_PASSWORD_RESET],
  );
  return rows[0] as { state: string; retry_count: number } | undefined;
}

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited 20 s for ${what}`);
}

let smtp: SMTPServer | undefined;
afterAll(() => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())));

it(`retries the reset mail while the mail server is down and delivers it once it is up, on ${testDatabaseKind()}`, async () => {
  const { user } = await signUp(context.app);
  const jobs = createJobQueue(context.database, createLogger(context.config), { mailRetryDelaySeconds: 1 });
  await jobs.start(context.app.services.jobHandlers);
  try {
    expect(await jobs.queuePasswordReset(user.email)).toBe(true);
    await until(async () => ((await mailJob())?.retry_count ?? 0) >= 1, "a failed first attempt");
    // With a 1 s retry delay the job may already be on its next attempt when we look.
    expect(["retry", "active"]).toContain((await mailJob())?.state);

    const received: ReceivedMail[] = [];
    smtp = await startSmtpSink(smtpPort, received);
    await until(async () => (await mailJob())?.state === "completed", "the job to complete");
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([user.email]);
    expect(received[0]?.raw).toContain("Subject: Reset your Broadsheet password");

    // The mailed link works: the one sent is the one that counts.
    const body = received[0]?.raw.replace(/=\r?\n/g, "") ?? "";
    const token = body.match(/\/reset\/([\w-]+)/)?.[1];
    const reset = await new TestAgent(context.app).patch(`/api/users/resetPassword/${token}`, {
      password: "a new password 1",
    });
    expect(reset.status).toBe(200);
  } finally {
    await jobs.stop();
  }
});
