import { randomBytes } from "node:crypto";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender when not MAIL_FROM (a newsletter's own name and address). */
  from?: string | { name: string; address: string };
  replyTo?: string;
  /** Extra headers (a newsletter's List-Unsubscribe, List-Id). */
  headers?: Record<string, string>;
}

/**
 * Sends mail through SMTP_URL; without it, each mail is written to DATA_DIR/outbox as an
 * .eml file (and logged), so password reset works on a laptop with no mail server.
 */
export function createMailService(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">, logger: Logger) {
  const outboxDir = path.join(config.dataDir, "outbox");
  // nodemailer is loaded by the first mail: most workers never send one, and it costs each about 2 MB.
  let transport: Promise<Transporter> | undefined;
  const openTransport = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  };

  return {
    outboxDir,
    async sendMail(message: MailMessage): Promise<void> {
      transport ??= openTransport();
      const info = await (await transport).sendMail({ ...message, from: message.from ?? config.mailFrom });
      if (config.smtpUrl) {
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
        return;
      }
      // Reset links are as good as a password: only the server's own user may read them.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await chmod(outboxDir, 0o700);
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
