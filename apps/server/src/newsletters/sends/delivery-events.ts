import { createVerify, timingSafeEqual, X509Certificate } from "node:crypto";
import { type DeliveryEvent, DeliveryEventSchema, SEND_MESSAGES } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { newsletterEvents } from "../../db/schema/newsletters/newsletters";
import { invalid, unauthorized } from "../../errors";
import type { Logger } from "../../logger";

/*
 * POST /api/newsletters/events (docs/product/newsletter-sending.md#bounces-and-complaints): the
 * documented JSON shape with a shared secret, or Amazon SES notices through SNS, verified by SNS's
 * signature against its certificate (only from sns.<region>.amazonaws.com). A permanent bounce or
 * a complaint suppresses the address; a notice's id makes a repeat a no-op.
 */

const MAX_EVENTS = 500;

const SnsEnvelopeSchema = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string(),
  TopicArn: z.string(),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.enum(["1", "2"]),
  Signature: z.string(),
  SigningCertURL: z.string(),
  Subject: z.string().optional(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
type SnsEnvelope = z.infer<typeof SnsEnvelopeSchema>;

const SesNoticeSchema = z.object({
  notificationType: z.string(),
  mail: z.object({ messageId: z.string().optional() }).optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() })),
      feedbackId: z.string().optional(),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      complaintFeedbackType: z.string().optional(),
      feedbackId: z.string().optional(),
    })
    .optional(),
});

/** The strings SNS signs, in its documented order (only the keys the message has). */
function stringToSign(message: SnsEnvelope): string {
  const keys =
    message.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return keys
    .filter((key) => message[key as keyof SnsEnvelope] !== undefined)
    .map((key) => `${key}\n${message[key as keyof SnsEnvelope]}\n`)
    .join("");
}

/** SNS signs with certificates served from its own hosts only; anything else is refused unread. */
export function isSnsCertificateUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" &&
      /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname) &&
      url.pathname.endsWith(".pem")
    );
  } catch {
    return false;
  }
}

async function fetchCertificate(url: string): Promise<string> {
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`certificate fetch answered ${response.status}`);
  return response.text();
}

export interface DeliveryEventsDeps {
  db: Database;
  logger: Logger;
  secret: string | undefined;
  /**
   * The SNS topics (ARNs) whose notices count: any AWS account can get a genuinely signed SNS
   * message, so the signature alone does not say it is this site's SES. None: SNS is refused.
   */
  snsTopics: readonly string[];
  /** Fetches an SNS signing certificate (PEM); tests serve their own. */
  fetchCertificate?: (url: string) => Promise<string>;
}

export function createDeliveryEvents(deps: DeliveryEventsDeps) {
  const { db, logger } = deps;
  const certificates = new Map<string, Promise<string>>();
  const certificateOf = (url: string) => {
    let pem = certificates.get(url);
    if (!pem) {
      pem = (deps.fetchCertificate ?? fetchCertificate)(url);
      pem.catch(() => certificates.delete(url));
      // A handful of certificates exist at a time; the cache stays small.
      if (certificates.size > 20) certificates.clear();
      certificates.set(url, pem);
    }
    return pem;
  };

  async function verifySns(message: SnsEnvelope): Promise<boolean> {
    if (!isSnsCertificateUrl(message.SigningCertURL)) return false;
    let pem: string;
    try {
      pem = await certificateOf(message.SigningCertURL);
    } catch (error) {
      logger.warn({ err: error }, "newsletter events: SNS certificate unavailable");
      return false;
    }
    const certificate = new X509Certificate(pem);
    const verifier = createVerify(message.SignatureVersion === "2" ? "RSA-SHA256" : "RSA-SHA1");
    verifier.update(stringToSign(message), "utf8");
    return verifier.verify(certificate.publicKey, message.Signature, "base64");
  }

  /** Records a notice once (by its key) and suppresses the address when it says so. */
  async function apply(event: DeliveryEvent, provider: string): Promise<void> {
    const email = event.email.trim();
    const key = event.id ? `${provider}:${event.id}:${email.toLowerCase()}` : "";
    const suppress = event.type === "complaint" || event.permanent === true;
    const recorded = await db
      .insert(newsletterEvents)
      .values({
        eventKey: key || `${provider}:${crypto.randomUUID()}`,
        kind: event.type === "bounce" ? (event.permanent ? "bounce" : "soft-bounce") : "complaint",
        email,
        provider,
        detail: event.reason ?? "",
      })
      .onConflictDoNothing()
      .returning({ id: newsletterEvents.id });
    if (recorded.length === 0 || !suppress) return;
    const status = event.type === "complaint" ? "complained" : "bounced";
    await db.execute(sql`update subscribers set status = ${status},
        suppression_reason = ${(event.reason ?? event.type).slice(0, 1000)}, updated_at = now()
      where lower(email) = lower(${email}) and status in ('subscribed', 'pending', 'unsubscribed')`);
  }

  function sesEvents(message: SnsEnvelope): DeliveryEvent[] {
    let notice: z.infer<typeof SesNoticeSchema>;
    try {
      notice = SesNoticeSchema.parse(JSON.parse(message.Message));
    } catch {
      return [];
    }
    if (notice.notificationType === "Bounce" && notice.bounce) {
      const permanent = notice.bounce.bounceType === "Permanent";
      return notice.bounce.bouncedRecipients.map((recipient) => ({
        type: "bounce" as const,
        email: recipient.emailAddress,
        id: notice.bounce?.feedbackId ?? message.MessageId,
        permanent,
        reason: recipient.diagnosticCode ?? `SES ${notice.bounce?.bounceType} bounce`,
      }));
    }
    if (notice.notificationType === "Complaint" && notice.complaint) {
      return notice.complaint.complainedRecipients.map((recipient) => ({
        type: "complaint" as const,
        email: recipient.emailAddress,
        id: notice.complaint?.feedbackId ?? message.MessageId,
        reason: `SES complaint${notice.complaint?.complaintFeedbackType ? `: ${notice.complaint.complaintFeedbackType}` : ""}`,
      }));
    }
    return [];
  }

  return {
    /**
     * Takes a notice body as sent. `authorization` is the request's Authorization header.
     * Answers how many notices were recorded.
     */
    async receive(body: unknown, authorization: string | undefined): Promise<number> {
      const sns = SnsEnvelopeSchema.safeParse(body);
      if (sns.success) {
        if (!deps.snsTopics.includes(sns.data.TopicArn) || !(await verifySns(sns.data))) {
          throw unauthorized(SEND_MESSAGES.eventRefused);
        }
        if (sns.data.Type === "SubscriptionConfirmation") {
          // Confirming is the operator's act: the link is logged, never fetched by the server.
          logger.warn(
            { topic: sns.data.TopicArn, subscribeUrl: sns.data.SubscribeURL },
            "newsletter events: open this SNS SubscribeURL to confirm the subscription",
          );
          return 0;
        }
        if (sns.data.Type !== "Notification") return 0;
        const events = sesEvents(sns.data);
        for (const event of events) await apply(event, "ses");
        return events.length;
      }
      if (!deps.secret || !authorization || !secretMatches(authorization, deps.secret)) {
        throw unauthorized(SEND_MESSAGES.eventRefused);
      }
      const parsed = z.union([DeliveryEventSchema, z.array(DeliveryEventSchema).max(MAX_EVENTS)]).safeParse(body);
      if (!parsed.success) throw invalid(SEND_MESSAGES.eventMalformed);
      const events = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      for (const event of events) await apply(event, "webhook");
      return events.length;
    },
  };
}

function secretMatches(authorization: string, secret: string): boolean {
  const given = Buffer.from(authorization.replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type DeliveryEvents = ReturnType<typeof createDeliveryEvents>;
