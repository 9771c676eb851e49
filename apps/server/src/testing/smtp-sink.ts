import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server took it: the envelope's recipients and the raw message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1:`port` for tests of mail: it accepts every message (no auth,
 * no TLS) and pushes each into `received`.
 */
export function startSmtpSink(port: number, received: ReceivedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((to) => to.address), raw: Buffer.concat(chunks).toString() });
        done();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
