import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import type { NewsletterRecipient, RenderedNewsletter } from "../newsletter-mail-contract";
import { createMessageWriter } from "./message-template";

/** A rendered mail whose links carry the token at many line positions, long lines and non-ASCII text included. */
function renderedWith(body: (token: string) => string): RenderedNewsletter & { bodiesWritten: number } {
  const forRecipient = (recipient: NewsletterRecipient) => ({
    html: body(recipient.manageToken),
    text: `Read it: https://news.example/p\nLeave: https://news.example/newsletters/manage/${recipient.manageToken}\n`,
    headers: { "List-Unsubscribe": `<https://news.example/newsletters/unsubscribe/${recipient.manageToken}>` },
  });
  const rendered = {
    bodiesWritten: 0,
    subject: "Lighthouse keepers — ¿qué pasó?",
    from: { name: "The Harbour", address: "news@news.example" },
    replyTo: undefined,
    forRecipient(recipient: NewsletterRecipient) {
      rendered.bodiesWritten++;
      return forRecipient(recipient);
    },
    headersFor: (recipient: NewsletterRecipient) => forRecipient(recipient).headers,
  };
  return rendered;
}

// Every offset 0–80 puts the token somewhere else on a 76-character quoted-printable line.
const longLines = (token: string) =>
  Array.from(
    { length: 81 },
    (_, shift) =>
      `<p>${"x".repeat(shift)}<a href="https://news.example/newsletters/unsubscribe/${token}?send=a&amp;b=1">Déjà vu — 日本語 ${token}</a></p>`,
  ).join("");

const recipient = (manageToken: string, n = 1): NewsletterRecipient => ({
  subscriberId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  email: `reader${n}@example.com`,
  name: n % 2 ? "Zoë Ünal" : "",
  manageToken,
});

async function parsed(message: Buffer) {
  const mail = await simpleParser(message);
  return {
    html: mail.html,
    text: mail.text,
    unsubscribe: mail.headerLines.find((header) => header.key === "list-unsubscribe")?.line,
  };
}

describe("a send's messages from one encoding", () => {
  it("gives each recipient exactly their own parts, whatever the token's length and position", async () => {
    const rendered = renderedWith(longLines);
    const write = createMessageWriter(rendered, "send-1");
    const tokens = [
      ...Array.from({ length: 12 }, () => randomBytes(32).toString("base64url")),
      // Tokens of imported Ghost members are 64 hex characters.
      randomBytes(32).toString("hex"),
      "-_-_aaaa",
    ];
    const expected = tokens.map((token, n) => rendered.forRecipient(recipient(token, n), "send-1"));
    rendered.bodiesWritten = 0;
    for (const [n, token] of tokens.entries()) {
      const message = await write(recipient(token, n));
      const mail = await parsed(message);
      expect(mail.html).toBe(expected[n]?.html);
      expect(mail.text).toBe(expected[n]?.text);
      expect(mail.unsubscribe).toContain(token);
      // Nothing of another recipient or of the placeholder is left in it.
      for (const other of tokens) if (other !== token) expect(message.includes(other)).toBe(false);
      for (const line of message.toString("latin1").split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
    }
    // The bodies were written once per token length (43, 64 and 8), not once per recipient.
    expect(rendered.bodiesWritten).toBe(3);
  });

  it("keeps quoted-printable lines within 76 characters after the token is written in", async () => {
    const write = createMessageWriter(renderedWith(longLines), "send-1");
    const message = (await write(recipient(randomBytes(32).toString("base64url")))).toString("latin1");
    const body = message.slice(message.indexOf("Content-Transfer-Encoding: quoted-printable"));
    const lines = body.split("\r\n").filter((line) => !line.startsWith("--") && !line.includes(":"));
    expect(lines.length).toBeGreaterThan(50);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(76);
  });

  it("encodes a token of other characters for that mail alone", async () => {
    const rendered = renderedWith(
      (token) => `<p><a href="https://news.example/m/${encodeURIComponent(token)}">manage</a></p>`,
    );
    const write = createMessageWriter(rendered, "send-1");
    const odd = recipient("a+b/c=d");
    const mail = await parsed(await write(odd));
    expect(mail.html).toBe(rendered.forRecipient(odd, "send-1").html);
  });
});
