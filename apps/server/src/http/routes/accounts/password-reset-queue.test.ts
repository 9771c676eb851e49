import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEND_PASSWORD_RESET } from "../../../jobs";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";

/* Issue 15: where the job queue runs, a reset mail is a job, and the job never holds the token. */
const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

beforeAll(async () => {
  await context.app.services.jobs.start(context.app.services.jobHandlers);
});
afterAll(async () => {
  await context.app.services.jobs.stop();
});

function mailsTo(email: string): string[] {
  const dir = path.join(context.config.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter((mail) => mail.includes(`To: ${email}`));
}

async function waitForMailTo(email: string): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const mail = mailsTo(email).at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail reached ${email} through the job queue`);
}

/** The data and state of every row pg-boss keeps for reset mails, live or archived. */
async function resetJobs(): Promise<{ data: string; state: string }[]> {
  const { rows } = await context.database.executeSql(
    `select data::text as data, state::text as state from pgboss.job where name = $1
     union all
     select data::text, state::text from pgboss.archive where name = $1`,
    [SEND_PASSWORD_RESET],
  );
  return rows as { data: string; state: string }[];
}

describe("password reset mail on the job queue", () => {
  it("sends the reset mail from a job whose data is the address alone", async () => {
    const { user } = await signUp(context.app);
    const answer = await anonymous().post("/api/users/forgotPassword", { email: user.email });
    expect(answer.status).toBe(200);
    // Queued, not sent in-process: nothing is left for the request's own background work.
    await context.app.services.passwordReset.settled();

    const mail = await waitForMailTo(user.email);
    const token = mail.match(/\/reset\/([\w-]{40,})/)?.[1];
    expect(token).toBeTruthy();

    const rows = (await resetJobs()).map((job) => job.data);
    expect(rows.some((data) => data.includes(user.email))).toBe(true);
    expect(rows.some((data) => data.includes(token as string))).toBe(false);
    expect(rows.every((data) => Object.keys(JSON.parse(data)).join() === "email")).toBe(true);

    const reset = await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "queued-reset" });
    expect(reset.status).toBe(200);
    expect((await anonymous().post("/api/users/login", { email: user.email, password: "queued-reset" })).status).toBe(
      200,
    );
  });

  it("queues an unknown address like a known one and mails nobody", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const answer = await anonymous().post("/api/users/forgotPassword", { email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: expect.any(String) });
    // Wait until the job has been taken and finished, then check no mail was written.
    let state = "";
    for (let attempt = 0; attempt < 150 && state !== "completed"; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await resetJobs()).find((job) => job.data.includes(email))?.state ?? "";
    }
    expect(state).toBe("completed");
    expect(mailsTo(email)).toEqual([]);
  });
});
