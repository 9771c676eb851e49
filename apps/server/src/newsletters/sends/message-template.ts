import { randomBytes } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import MimeNode from "nodemailer/lib/mime-node";
import type { NewsletterRecipient, RenderedNewsletter } from "../newsletter-mail-contract";

/*
 * A send's messages (docs/decisions/072): the HTML and text parts are the same for every
 * recipient but for the manage token in their links, so each part is encoded once per send and
 * token length, and a recipient's part is a copy with the token's bytes written where the
 * placeholder stood. Only the root headers (To, Message-ID, List-Unsubscribe) are built per mail.
 * The parts are quoted-printable: a token's characters encode to themselves and line breaks fall
 * where they would for the real token, so the copy is byte for byte what encoding it would give.
 */

/** The characters a token may have for its bytes to be written into an encoded part. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

interface PartTemplate {
  bytes: Buffer;
  /** Per placeholder occurrence, the byte offset of each of its characters (a soft line break may split it). */
  occurrences: number[][];
}

/** A placeholder of the token's length, of characters that neither quoted-printable nor its line wrapping treat specially. */
function placeholderOfLength(length: number): string {
  let placeholder = "";
  while (placeholder.length < length) placeholder += randomBytes(48).toString("base64url").replace(/[-_]/g, "");
  return placeholder.slice(0, length);
}

/** Encodes one text part (with its Content-Type and Content-Transfer-Encoding headers) as a child of a multipart message. */
async function encodePart(contentType: string, content: string): Promise<Buffer> {
  const part = new MimeNode("multipart/alternative").createChild(contentType);
  part.setHeader("Content-Transfer-Encoding", "quoted-printable");
  part.setContent(content);
  const built = await part.build();
  // The parent writes the line break before its next boundary itself.
  return built.subarray(0, built.length - (built.toString("latin1").endsWith("\r\n") ? 2 : 0));
}

/** Where `placeholder` stands in an encoded part, reading across soft line breaks ("=\r\n"). */
function findOccurrences(encoded: Buffer, placeholder: string): number[][] {
  const text = encoded.toString("latin1");
  const offsets: number[] = [];
  let unwrapped = "";
  for (let at = 0; at < text.length; at++) {
    if (text.startsWith("=\r\n", at)) {
      at += 2;
      continue;
    }
    offsets.push(at);
    unwrapped += text[at];
  }
  const occurrences: number[][] = [];
  for (let at = unwrapped.indexOf(placeholder); at >= 0; at = unwrapped.indexOf(placeholder, at + placeholder.length)) {
    occurrences.push(offsets.slice(at, at + placeholder.length));
  }
  return occurrences;
}

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

async function partTemplate(contentType: string, content: string, placeholder: string): Promise<PartTemplate | null> {
  const bytes = await encodePart(contentType, content);
  const occurrences = findOccurrences(bytes, placeholder);
  // Every placeholder in the source must be found in the encoding, or the template is not used.
  return occurrences.length === countOf(content, placeholder) ? { bytes, occurrences } : null;
}

function fill(template: PartTemplate, token: string): Buffer {
  const bytes = Buffer.from(template.bytes);
  for (const offsets of template.occurrences) {
    for (let index = 0; index < offsets.length; index++) bytes[offsets[index] as number] = token.charCodeAt(index);
  }
  return bytes;
}

/** Builds each recipient's whole RFC 5322 message for one send. */
export function createMessageWriter(rendered: RenderedNewsletter, sendId: string) {
  const domain = rendered.from.address.split("@")[1] ?? "broadsheet.local";
  const templates = new Map<number, Promise<{ html: PartTemplate; text: PartTemplate } | null>>();

  function templatesFor(tokenLength: number) {
    let made = templates.get(tokenLength);
    if (!made) {
      const placeholder = placeholderOfLength(tokenLength);
      const mail = rendered.forRecipient({ subscriberId: "", email: "", name: "", manageToken: placeholder }, sendId);
      made = Promise.all([
        partTemplate("text/html; charset=utf-8", mail.html, placeholder),
        partTemplate("text/plain; charset=utf-8", mail.text, placeholder),
      ]).then(([html, text]) => (html && text ? { html, text } : null));
      templates.set(tokenLength, made);
    }
    return made;
  }

  async function partsFor(recipient: NewsletterRecipient) {
    const template = TOKEN_CHARACTERS.test(recipient.manageToken)
      ? await templatesFor(recipient.manageToken.length)
      : null;
    if (template) {
      return {
        html: { raw: fill(template.html, recipient.manageToken) },
        text: { raw: fill(template.text, recipient.manageToken) },
      };
    }
    // A token the template cannot carry: the parts are encoded for this mail alone.
    const { html, text } = rendered.forRecipient(recipient, sendId);
    return { html, text };
  }

  return async function write(recipient: NewsletterRecipient): Promise<Buffer> {
    return new MailComposer({
      from: rendered.from,
      to: recipient.name ? { name: recipient.name, address: recipient.email } : recipient.email,
      replyTo: rendered.replyTo,
      subject: rendered.subject,
      ...(await partsFor(recipient)),
      headers: rendered.headersFor(recipient, sendId),
      // One id per recipient and send: a receiver that sees it twice can tell it is the same mail.
      messageId: `<${sendId}.${recipient.subscriberId}@${domain}>`,
    })
      .compile()
      .build();
  };
}
