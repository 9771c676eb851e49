import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import DKIM from "nodemailer/lib/dkim";
import SMTPConnection from "nodemailer/lib/smtp-connection";

/*
 * The delivery engine's wire (docs/decisions/072): a small pool of SMTP connections driven
 * directly, so the sender decides when a message's final dot goes. The whole message is written
 * to the server but the stream is held open; `commit()` records the delivery (committed in the
 * database), and only then is the stream ended: the server accepts a message at its final dot
 * and not before, so a crash before the commit delivers nothing and one after it is read as sent.
 */

export interface OutgoingMail {
  /** The envelope sender (bounces go there). */
  from: string;
  to: string;
  /** The whole RFC 5322 message, signed when DKIM is on. */
  message: Buffer;
}

export type DeliveryOutcome =
  | { kind: "sent" }
  /** A 4xx: try again later. */
  | { kind: "temporary"; error: string }
  /** A 5xx: the address is refused for good. */
  | { kind: "permanent"; error: string }
  /** The connection broke before the commit: nothing was delivered, try again. */
  | { kind: "unsent"; error: string }
  /** The commit was refused (another instance took the delivery): the message was abandoned before its dot. */
  | { kind: "abandoned" }
  /** The connection broke after the dot may have gone: counted as sent (never mailed twice). */
  | { kind: "unknown"; error: string };

export interface MailSender {
  /**
   * Sends one message. `commit` runs once the server holds all of it but the final dot; it
   * answers false when the delivery must not go (its row was taken), and the dot is never sent.
   */
  deliver(mail: OutgoingMail, commit: () => Promise<boolean>): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}

interface SmtpError extends Error {
  responseCode?: number;
  code?: string;
}

/** The parts of SMTP_URL SMTPConnection takes: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered. */
function connectionOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    options: {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      // SMTP_URL is the operator's choice: a relay on this host or network is allowed.
      allowInternalNetworkInterfaces: true,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 120_000,
    },
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
  };
}

function connect(smtpUrl: string): Promise<SMTPConnection> {
  const { options, auth } = connectionOptions(smtpUrl);
  const connection = new SMTPConnection(options);
  return new Promise((resolve, reject) => {
    connection.once("error", reject);
    connection.connect(() => {
      if (!auth) {
        connection.removeListener("error", reject);
        resolve(connection);
        return;
      }
      connection.login(auth, (error) => {
        connection.removeListener("error", reject);
        if (error) {
          connection.close();
          reject(error);
        } else resolve(connection);
      });
    });
  });
}

/**
 * Resolves once every byte written to `source` has left this process for the socket's kernel
 * buffer (or the connection is gone, which the caller checks).
 */
async function flushed(source: PassThrough, connection: SMTPConnection): Promise<void> {
  for (;;) {
    const socket = connection._socket;
    if (connection.destroyed || !socket || socket.destroyed) return;
    if (source.readableLength === 0 && socket.writableLength === 0) return;
    if (socket.writableLength > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off("drain", done);
          socket.off("close", done);
          resolve();
        };
        socket.once("drain", done);
        socket.once("close", done);
      });
    } else await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Resolves when SMTPConnection starts reading the message (the server said 354 to DATA). */
function dataAccepted(source: Readable): Promise<void> {
  return new Promise((resolve) => source.once("resume", resolve));
}

function outcomeOfError(error: SmtpError, committed: boolean): DeliveryOutcome {
  const message = error.message.slice(0, 500);
  const code = error.responseCode;
  if (code && code >= 500) return { kind: "permanent", error: message };
  if (code && code >= 400) return { kind: "temporary", error: message };
  return committed ? { kind: "unknown", error: message } : { kind: "unsent", error: message };
}

/**
 * Sends over at most `connections` SMTP connections at once, at most `perSecond` messages a
 * second in this process (N instances send N times that unless the setting is divided).
 */
export function createSmtpSender(options: { smtpUrl: string; connections: number; perSecond: number }): MailSender {
  const idle: SMTPConnection[] = [];
  const live = new Set<SMTPConnection>();
  let opening = 0;
  const waiting: ((connection: SMTPConnection | undefined) => void)[] = [];
  const pace = createPace(options.perSecond);
  let closed = false;

  async function open(): Promise<SMTPConnection> {
    const connection = await connect(options.smtpUrl);
    live.add(connection);
    // A server that drops an idle connection: forgotten here, and its error never goes unheard.
    connection.on("error", () => {});
    connection.once("end", () => {
      live.delete(connection);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
    });
    return connection;
  }

  async function acquire(): Promise<SMTPConnection | undefined> {
    const ready = idle.pop();
    if (ready) return ready;
    if (live.size + opening < options.connections) {
      opening++;
      try {
        return await open();
      } finally {
        opening--;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(connection: SMTPConnection, healthy: boolean): void {
    if (!healthy || closed) {
      live.delete(connection);
      connection.close();
      // A waiter gets a fresh connection instead of the broken one.
      const next = waiting.shift();
      if (next) open().then(next, () => next(undefined));
      return;
    }
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  }

  return {
    async deliver(mail, commit) {
      await pace();
      let connection: SMTPConnection | undefined;
      try {
        connection = await acquire();
      } catch (error) {
        return outcomeOfError(error as SmtpError, false);
      }
      if (!connection) return { kind: "unsent", error: "No SMTP connection could be opened" };
      const source = new PassThrough({ highWaterMark: mail.message.length + 1 });
      source.write(mail.message);
      let committed = false;
      const answer = new Promise<SmtpError | undefined>((resolve) => {
        connection.send({ from: mail.from, to: [mail.to] }, source, (error) => resolve(error ?? undefined));
      });
      const started = await Promise.race([dataAccepted(source).then(() => "data" as const), answer]);
      if (started !== "data") {
        // Refused before DATA (RCPT 4xx/5xx or a broken connection): nothing to commit.
        // A refused envelope leaves the connection mid-transaction: a fresh one is simpler than RSET.
        release(connection, false);
        return outcomeOfError(started ?? new Error("The server answered before DATA"), false);
      }
      await flushed(source, connection);
      if (connection.destroyed) {
        // The connection broke before the commit: the server has no dot, nothing was delivered.
        const error = await answer;
        release(connection, false);
        return outcomeOfError(error ?? new Error("Connection closed"), false);
      }
      let allowed = false;
      try {
        allowed = await commit();
      } catch (error) {
        // The database could not record it: the message must not go.
        release(connection, false);
        throw error;
      }
      if (!allowed) {
        // Closing without the dot: the server discards what it got.
        release(connection, false);
        return { kind: "abandoned" };
      }
      committed = true;
      source.end();
      const error = await answer;
      release(connection, !error);
      return error ? outcomeOfError(error, committed) : { kind: "sent" };
    },
    async close() {
      closed = true;
      for (const connection of idle.splice(0)) {
        live.delete(connection);
        connection.quit();
      }
      for (const waiter of waiting.splice(0)) waiter(undefined);
    },
  };
}

/**
 * Without SMTP_URL, newsletters go to DATA_DIR/outbox as .eml files like every other mail
 * (a laptop or a test); the commit comes before the write, as on the wire.
 */
export function createOutboxSender(outboxDir: string): MailSender {
  return {
    async deliver(mail, commit) {
      if (!(await commit())) return { kind: "abandoned" };
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, mail.message, { mode: 0o600 });
      return { kind: "sent" };
    },
    async close() {},
  };
}

/** A steady pace of `perSecond` starts a second (a token bucket of one), shared by all connections. */
function createPace(perSecond: number): () => Promise<void> {
  const interval = 1000 / Math.max(1, perSecond);
  let next = 0;
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + interval;
    if (at - now >= 1) await sleep(at - now);
  };
}

/** DKIM-signs a whole message (nodemailer's signer reads all of it first: the body hash heads the header). */
export async function signMessage(
  message: Buffer,
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined,
): Promise<Buffer> {
  if (!dkim) return message;
  const signed = new DKIM(dkim).sign(message);
  const chunks: Buffer[] = [];
  for await (const chunk of signed) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
