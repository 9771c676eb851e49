import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/client";
import { newsletterSettings } from "../../db/schema/newsletters/newsletters";
import { createLogger } from "../../logger";
import { insertPost } from "../../testing/fixtures";
import { freePort } from "../../testing/production-server";
import { useTestApp } from "../../testing/test-app";
import { createSendsService } from "./sends.service";

/*
 * `kill -9` of the built server (apps/server/dist/main.js) in the middle of a 2,000-recipient
 * send, then a restart on the same database: every recipient has exactly one mail at the SMTP
 * server. The send is queued here; the server's own sweep starts it and its jobs deliver it.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const MAIN = path.join(REPO_ROOT, "apps/server/dist/main.js");
const RECIPIENTS = 2000;

const context = useTestApp();
const received = new Map<string, number>();
let smtp: SMTPServer;
let smtpUrl = "";
const total = () => [...received.values()].reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error("The server build is missing: run `npm run build` first.");
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      stream.resume();
      // Counted at the final dot only, as a real server accepts a message.
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) received.set(to.address, (received.get(to.address) ?? 0) + 1);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function startServer(): Promise<{ child: ChildProcess; exited: Promise<unknown>; output: () => string }> {
  const env = { ...process.env };
  for (const name of ["REDIS_URL", "PORT", "HOST", "PUBLIC_URL", "TRUST_PROXY", "DATA_DIR"]) delete env[name];
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      WORKERS: "1",
      SEED_DEMO: "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "broadsheet-send-kill-")),
      DATABASE_URL: context.database.url,
      SMTP_URL: smtpUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  });
  return { child, exited: new Promise((resolve) => child.once("exit", resolve)), output: () => output };
}

async function until(condition: () => Promise<boolean> | boolean, seconds: number, what: string, output: () => string) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited ${seconds} s for ${what}\n${output()}`);
}

describe("a newsletter send killed with SIGKILL", () => {
  it("resumes after a restart and every recipient gets exactly one mail", { timeout: 300_000 }, async () => {
    const db = context.database.db;
    const [defaultNewsletter] = await selectRows<{ id: string }>(db, sql`select id from newsletters where is_default`);
    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `killed-${i}-${randomUUID().slice(0, 8)}@example.com`);
    for (let start = 0; start < RECIPIENTS; start += 500) {
      const chunk = emails.slice(start, start + 500);
      await db.execute(sql`with added as (
          insert into subscribers (email, status, manage_token)
          select email, 'subscribed', gen_random_uuid()::text from unnest(${`{${chunk.join(",")}}`}::text[]) as email
          returning id)
        insert into subscriber_newsletters (subscriber_id, newsletter_id) select id, ${defaultNewsletter?.id} from added`);
    }
    await db
      .insert(newsletterSettings)
      .values({ id: 1, batchSize: 100, messagesPerSecond: 200, connections: 4 })
      .onConflictDoUpdate({
        target: newsletterSettings.id,
        set: { batchSize: 100, messagesPerSecond: 200, connections: 4 },
      });
    const post = await insertPost(db);
    const queueing = createSendsService({
      db,
      mailWriter: { render: () => Promise.reject(new Error("not used: the server renders")) },
      openSender: () => {
        throw new Error("not used: the server sends");
      },
      jobs: { queueSendStart: async () => false, queueSendBatch: async () => false },
      logger: createLogger(context.config),
      mailFrom: "no-reply@broadsheet.test",
      dkim: undefined,
      soleProcess: false,
    });
    const { id } = await queueing.create({ postId: post.id }, undefined);

    const first = await startServer();
    await until(() => total() >= 400, 120, "the first mails", first.output);
    first.child.kill("SIGKILL");
    await first.exited;
    const atKill = total();
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = await startServer();
    try {
      await until(
        async () => {
          const [send] = await selectRows<{ status: string }>(
            db,
            sql`select status from newsletter_sends where id = ${id}`,
          );
          return send?.status === "sent";
        },
        200,
        "the send to finish after the restart",
        second.output,
      );
    } finally {
      second.child.kill("SIGTERM");
      await second.exited;
    }
    const twice = emails.filter((email) => (received.get(email) ?? 0) > 1);
    const missing = emails.filter((email) => !received.has(email));
    expect({ twice: twice.length, missing: missing.length, total: total() }).toEqual({
      twice: 0,
      missing: 0,
      total: RECIPIENTS,
    });
  });
});
