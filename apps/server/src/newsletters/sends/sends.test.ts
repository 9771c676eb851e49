import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { eq, sql } from "drizzle-orm";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/client";
import { newsletterSettings, subscriberNewsletters, subscribers } from "../../db/schema/newsletters/newsletters";
import { createLogger } from "../../logger";
import { insertPost } from "../../testing/fixtures";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";
import { createDeliveryEvents } from "./delivery-events";
import { createSendsService } from "./sends.service";
import { createSmtpSender } from "./smtp-sender";

/*
 * Sends through a real SMTP server (smtp-server): every subscribed address once, none of the
 * others; 4xx retried, 5xx suppressed; pause, resume, cancel; the at-most-once guard; headers;
 * the events webhook. The mails are the site's own (the newsletter mail writer).
 */

const SECRET = "s3cret-for-newsletter-events";
const context = useTestApp({ env: { NEWSLETTER_EVENTS_SECRET: SECRET } });

interface Received {
  to: string;
  raw: string;
}
const received: Received[] = [];
/** Addresses answered 451 at RCPT this many times more. */
const softFailures = new Map<string, number>();
let smtp: SMTPServer;
let smtpUrl = "";

function sendsService(retryDelaysMs = [50, 50, 50, 50]) {
  return createSendsService({
    db: context.database.db,
    mailWriter: context.app.services.newsletterMailWriter,
    openSender: (settings) =>
      createSmtpSender({ smtpUrl, connections: settings.connections, perSecond: settings.messagesPerSecond }),
    jobs: { queueSendStart: async () => false, queueSendBatch: async () => false },
    logger: createLogger(context.config),
    mailFrom: "Broadsheet <no-reply@broadsheet.test>",
    dkim: undefined,
    soleProcess: true,
    retryDelaysMs,
  });
}

async function addSubscriber(email: string, status: "subscribed" | "pending" | "unsubscribed" | "bounced") {
  const [row] = await context.database.db
    .insert(subscribers)
    .values({ email, status, manageToken: randomUUID() })
    .returning();
  const defaults = await selectRows<{ id: string }>(
    context.database.db,
    sql`select id from newsletters where is_default`,
  );
  if (!row || !defaults[0]) throw new Error("subscriber not inserted");
  await context.database.db
    .insert(subscriberNewsletters)
    .values({ subscriberId: row.id, newsletterId: defaults[0].id });
  return row;
}

const mailsTo = (email: string) => received.filter((mail) => mail.to === email);

async function waitForRetries(service: ReturnType<typeof sendsService>, sendId: string) {
  for (let round = 0; round < 50; round++) {
    await service.runToEnd(sendId);
    if ((await service.get(sendId)).status !== "sending") return;
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, done) {
      if (address.address.startsWith("hard-"))
        return done(Object.assign(new Error("No such user"), { responseCode: 550 }));
      const soft = softFailures.get(address.address) ?? 0;
      if (soft > 0) {
        softFailures.set(address.address, soft - 1);
        return done(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      }
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      // A message counts at its final dot only: that is when the stream ends.
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo)
          received.push({ to: to.address, raw: Buffer.concat(chunks).toString() });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
  await context.database.db
    .insert(newsletterSettings)
    .values({ id: 1, batchSize: 7, messagesPerSecond: 1000, connections: 3 })
    .onConflictDoUpdate({
      target: newsletterSettings.id,
      set: { batchSize: 7, messagesPerSecond: 1000, connections: 3 },
    });
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe(`newsletter sends on ${testDatabaseKind()}`, () => {
  it("the SMTP server takes a message only at its final dot: a connection closed before it delivers nothing", async () => {
    const before = received.length;
    const connection = new SMTPConnection({ host: "127.0.0.1", port: Number(new URL(smtpUrl).port) });
    await new Promise<void>((resolve, reject) => {
      connection.once("error", reject);
      connection.connect(() => resolve());
    });
    const source = new PassThrough();
    source.write("Subject: cut\r\n\r\nAll of it but the dot\r\n");
    connection.send({ from: "a@broadsheet.test", to: ["cut@example.com"] }, source, () => {});
    await new Promise((resolve) => source.once("resume", resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(before);
  });

  it("reaches every subscribed address exactly once and no pending, unsubscribed or bounced one, with the unsubscribe headers", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const post = await insertPost(context.database.db);
    const wanted: string[] = [];
    for (let i = 0; i < 30; i++)
      wanted.push((await addSubscriber(`reader-${i}-${randomUUID()}@example.com`, "subscribed")).email);
    const unwanted = [
      (await addSubscriber(`pending-${randomUUID()}@example.com`, "pending")).email,
      (await addSubscriber(`left-${randomUUID()}@example.com`, "unsubscribed")).email,
      (await addSubscriber(`bounced-${randomUUID()}@example.com`, "bounced")).email,
    ];
    const created = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    expect(created.status).toBe(202);
    const service = sendsService();
    await service.runToEnd(created.body.id);

    const shown = await editor.agent.get(`/api/newsletters/sends/${created.body.id}`);
    expect(shown.body).toMatchObject({ status: "sent", recipients: 30, sent: 30, failed: 0, bounced: 0 });
    for (const email of wanted) expect(mailsTo(email)).toHaveLength(1);
    for (const email of unwanted) expect(mailsTo(email)).toHaveLength(0);
    for (const email of wanted) {
      // Long headers come folded: unfolded before matching.
      const raw = (mailsTo(email)[0]?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
      const [{ token } = { token: "" }] = await context.database.db
        .select({ token: subscribers.manageToken })
        .from(subscribers)
        .where(eq(subscribers.email, email));
      expect(raw).toContain(
        `List-Unsubscribe: <${context.config.publicUrl}/newsletters/unsubscribe/${token}?send=${created.body.id}>, <mailto:`,
      );
      expect(raw).toMatch(/^Subject: /m);
      expect(raw).toContain(`/newsletters/unsubscribe/${token}`);
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }

    // The at-most-once guard: a second send of the story is refused unless asked for.
    const again = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("newsletter");
    const resend = await editor.agent.post("/api/newsletters/sends", { postId: post.id, resend: true });
    expect(resend.status).toBe(202);
    await service.cancel(resend.body.id);
  });

  it("retries a 4xx and delivers; a 5xx bounces and suppresses the address", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const post = await insertPost(context.database.db);
    const soft = await addSubscriber(`soft-${randomUUID()}@example.com`, "subscribed");
    const hard = await addSubscriber(`hard-${randomUUID()}@example.com`, "subscribed");
    softFailures.set(soft.email, 2);
    const created = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    const service = sendsService();
    await waitForRetries(service, created.body.id);

    expect(mailsTo(soft.email)).toHaveLength(1);
    expect(mailsTo(hard.email)).toHaveLength(0);
    const send = await service.get(created.body.id);
    expect(send.status).toBe("sent");
    expect(send.bounced).toBe(1);
    const [suppressed] = await context.database.db.select().from(subscribers).where(eq(subscribers.id, hard.id));
    expect(suppressed?.status).toBe("bounced");
    expect(suppressed?.suppressionReason).toContain("No such user");
  });

  it("pauses, resumes and cancels", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const post = await insertPost(context.database.db);
    const created = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    const id = created.body.id as string;
    const service = sendsService();
    await service.start(id);
    const paused = await editor.agent.post(`/api/newsletters/sends/${id}/pause`);
    expect(paused.body.status).toBe("paused");
    const countBefore = received.length;
    await service.runBatch(id, 0);
    expect(received.length).toBe(countBefore);
    expect((await editor.agent.post(`/api/newsletters/sends/${id}/pause`)).status).toBe(409);
    expect((await editor.agent.post(`/api/newsletters/sends/${id}/resume`)).body.status).toBe("sending");
    await service.runBatch(id, 0);
    expect(received.length).toBeGreaterThan(countBefore);
    const cancelled = await editor.agent.post(`/api/newsletters/sends/${id}/cancel`);
    expect(cancelled.body.status).toBe("cancelled");
    const afterCancel = received.length;
    await service.runToEnd(id);
    expect(received.length).toBe(afterCancel);
    const states = await selectRows<{ state: string }>(
      context.database.db,
      sql`select distinct state from newsletter_deliveries where send_id = ${id}`,
    );
    expect(states.map((row) => row.state).sort()).toEqual(["sent", "skipped"]);
    expect((await editor.agent.post(`/api/newsletters/sends/${id}/cancel`)).status).toBe(409);
  });

  it("skips a recipient who unsubscribed after the send began", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const post = await insertPost(context.database.db);
    const leaving = await addSubscriber(`leaving-${randomUUID()}@example.com`, "subscribed");
    const created = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    const service = sendsService();
    await service.start(created.body.id);
    await context.database.db.update(subscribers).set({ status: "unsubscribed" }).where(eq(subscribers.id, leaving.id));
    await service.runToEnd(created.body.id);
    expect(mailsTo(leaving.email)).toHaveLength(0);
  });

  it("waits for a scheduled story to go live, then the sweep starts it", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const later = new Date(Date.now() + 3_600_000);
    const post = await insertPost(context.database.db, { isPublished: false, scheduledAt: later });
    const created = await editor.agent.post("/api/newsletters/sends", { postId: post.id });
    const service = sendsService();
    await service.sweep({ atStart: false });
    const waiting = await service.get(created.body.id);
    expect(waiting).toMatchObject({ status: "queued", scheduledFor: later.toISOString(), recipients: 0 });
    await context.database.db.execute(
      sql`update posts set is_published = true, published_at = now() where id = ${post.id}`,
    );
    await service.sweep({ atStart: false });
    const started = await service.get(created.body.id);
    expect(started.status).toBe("sending");
    expect(started.recipients).toBeGreaterThan(0);
    await service.cancel(created.body.id);
  });

  it("refuses a send by a reader, an unknown newsletter and an unknown post", async () => {
    const reader = await signUp(context.app);
    const editor = await signUp(context.app, { role: "editor" });
    const post = await insertPost(context.database.db);
    expect((await reader.agent.post("/api/newsletters/sends", { postId: post.id })).status).toBe(403);
    const unknown = await editor.agent.post("/api/newsletters/sends", { postId: post.id, newsletters: ["nope"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("nope");
    expect((await editor.agent.post("/api/newsletters/sends", { postId: randomUUID() })).status).toBe(404);
  });
});

describe(`POST /api/newsletters/events on ${testDatabaseKind()}`, () => {
  it("needs the shared secret, then suppresses a permanent bounce and a complaint, once per notice", async () => {
    const bounced = await addSubscriber(`event-bounce-${randomUUID()}@example.com`, "subscribed");
    const soft = await addSubscriber(`event-soft-${randomUUID()}@example.com`, "subscribed");
    const complained = await addSubscriber(`event-complaint-${randomUUID()}@example.com`, "subscribed");
    const anonymous = new TestAgent(context.app);
    const notices = [
      { type: "bounce", email: bounced.email, id: "b-1", permanent: true, reason: "550 mailbox gone" },
      { type: "bounce", email: soft.email, id: "b-2", permanent: false },
      { type: "complaint", email: complained.email.toUpperCase(), id: "c-1" },
    ];
    expect((await anonymous.post("/api/newsletters/events", notices)).status).toBe(401);
    expect(
      (await anonymous.post("/api/newsletters/events", notices, { authorization: "Bearer wrong-secret-of-same-len" }))
        .status,
    ).toBe(401);
    const accepted = await anonymous.post("/api/newsletters/events", notices, { authorization: `Bearer ${SECRET}` });
    expect(accepted.status).toBe(200);
    const statuses = async () =>
      Object.fromEntries(
        (await context.database.db.select().from(subscribers)).map((row) => [row.id, row.status] as const),
      );
    const after = await statuses();
    expect(after[bounced.id]).toBe("bounced");
    expect(after[soft.id]).toBe("subscribed");
    expect(after[complained.id]).toBe("complained");
    // The same notice again is a no-op even after an admin re-subscribed the address.
    await context.database.db.update(subscribers).set({ status: "subscribed" }).where(eq(subscribers.id, bounced.id));
    await anonymous.post("/api/newsletters/events", notices[0], { authorization: `Bearer ${SECRET}` });
    expect((await statuses())[bounced.id]).toBe("subscribed");
    const malformed = await anonymous.post(
      "/api/newsletters/events",
      { type: "nope" },
      { authorization: `Bearer ${SECRET}` },
    );
    expect(malformed.status).toBe(400);
  });

  it("takes an Amazon SES bounce through SNS only from its topic, with a valid signature from an SNS certificate URL", async () => {
    const { certificate, privateKey } = testCertificate();
    const certUrl = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem";
    const events = createDeliveryEvents({
      db: context.database.db,
      logger: createLogger(context.config),
      secret: undefined,
      snsTopics: ["arn:aws:sns:eu-west-1:123456789012:bounces"],
      fetchCertificate: async (url) => {
        if (url !== certUrl) throw new Error("unexpected certificate URL");
        return certificate;
      },
    });
    const subscriber = await addSubscriber(`ses-${randomUUID()}@example.com`, "subscribed");
    const message = {
      Type: "Notification",
      MessageId: randomUUID(),
      TopicArn: "arn:aws:sns:eu-west-1:123456789012:bounces",
      Message: JSON.stringify({
        notificationType: "Bounce",
        bounce: {
          bounceType: "Permanent",
          feedbackId: randomUUID(),
          bouncedRecipients: [{ emailAddress: subscriber.email, diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
        },
      }),
      Timestamp: new Date().toISOString(),
      SignatureVersion: "2",
      SigningCertURL: certUrl,
    };
    const toSign = ["Message", "MessageId", "Timestamp", "TopicArn", "Type"]
      .map((key) => `${key}\n${message[key as keyof typeof message]}\n`)
      .join("");
    const signature = createSign("RSA-SHA256").update(toSign).sign(privateKey, "base64");

    await expect(events.receive({ ...message, Signature: "AAAA" }, undefined)).rejects.toMatchObject({ status: 401 });
    // Signed by SNS all right, but another account's topic: not this site's notices.
    const elsewhere = { ...message, TopicArn: "arn:aws:sns:eu-west-1:999999999999:theirs" };
    const signedElsewhere = createSign("RSA-SHA256")
      .update(
        ["Message", "MessageId", "Timestamp", "TopicArn", "Type"]
          .map((key) => `${key}\n${elsewhere[key as keyof typeof elsewhere]}\n`)
          .join(""),
      )
      .sign(privateKey, "base64");
    await expect(events.receive({ ...elsewhere, Signature: signedElsewhere }, undefined)).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      events.receive({ ...message, Signature: signature, SigningCertURL: "https://evil.example/cert.pem" }, undefined),
    ).rejects.toMatchObject({ status: 401 });
    expect(await events.receive({ ...message, Signature: signature }, undefined)).toBe(1);
    const [row] = await context.database.db.select().from(subscribers).where(eq(subscribers.id, subscriber.id));
    expect(row?.status).toBe("bounced");
    expect(row?.suppressionReason).toContain("user unknown");
  });
});

/** A self-signed certificate made by openssl for the test (the SNS validator reads a PEM certificate). */
function testCertificate(): { certificate: string; privateKey: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sns-cert-"));
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyFile = path.join(dir, "key.pem");
  writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
  const certFile = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req",
    "-new",
    "-x509",
    "-key",
    keyFile,
    "-out",
    certFile,
    "-days",
    "1",
    "-subj",
    "/CN=sns.test",
  ]);
  return { certificate: readFileSync(certFile, "utf8"), privateKey: readFileSync(keyFile, "utf8") };
}
