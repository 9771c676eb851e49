import { endpoint, MessageSchema } from "../api/endpoint";
import { uuidParams } from "../api/query.schemas";
import { z } from "../zod";
import { SEND_STATUSES, SendInputSchema, TestSendInputSchema } from "./sends.schemas";

/** /api/newsletters/sends: a story mailed to subscribers (docs/product/newsletter-sending.md). */

export const SendSchema = z
  .object({
    id: z.string(),
    postId: z.string(),
    postTitle: z.string(),
    newsletters: z.array(z.string()).describe("Slugs"),
    status: z.enum(SEND_STATUSES),
    recipients: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    bounced: z.number().int(),
    unsubscribed: z.number().int(),
    isResend: z.boolean(),
    scheduledFor: z.string().meta({ format: "date-time" }).nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
    startedAt: z.string().meta({ format: "date-time" }).nullable(),
    finishedAt: z.string().meta({ format: "date-time" }).nullable(),
    error: z.string(),
    tracking: z
      .object({
        opens: z.number().int().describe("An estimate: images blocked or fetched by privacy proxies skew it"),
        clicks: z.array(z.object({ url: z.string(), clicks: z.number().int() })),
      })
      .nullable()
      .describe("Only when tracking was on for this send"),
  })
  .meta({ id: "NewsletterSend" });
export type SendJson = z.infer<typeof SendSchema>;

export const sendsApi = {
  create: endpoint({
    method: "post",
    path: "/api/newsletters/sends",
    tag: "Newsletter sends",
    summary: "Mail a story to newsletters' subscribers",
    description:
      "A story goes to a newsletter at most once: 409 names the newsletters that had it, unless `resend` is true. A post scheduled for later is mailed when it goes live.",
    access: "staff",
    body: SendInputSchema,
    status: 202,
    response: z.object({ id: z.string() }),
    responseDescription: "The send, queued",
    errors: [400, 404, 409],
  }),
  list: endpoint({
    method: "get",
    path: "/api/newsletters/sends",
    tag: "Newsletter sends",
    summary: "Recent sends, newest first",
    access: "staff",
    query: z.object({ postId: z.string().uuid().optional().describe("Only this post's sends") }),
    response: z.object({ items: z.array(SendSchema) }),
    responseDescription: "The 50 newest sends",
  }),
  get: endpoint({
    method: "get",
    path: "/api/newsletters/sends/{id}",
    tag: "Newsletter sends",
    summary: "A send's progress and figures",
    access: "staff",
    params: uuidParams("send"),
    response: SendSchema,
    responseDescription: "The send",
    errors: [404],
  }),
  pause: endpoint({
    method: "post",
    path: "/api/newsletters/sends/{id}/pause",
    tag: "Newsletter sends",
    summary: "Pause a send (mails in flight finish)",
    access: "staff",
    params: uuidParams("send"),
    response: SendSchema,
    responseDescription: "The send, paused",
    errors: [404, 409],
  }),
  resume: endpoint({
    method: "post",
    path: "/api/newsletters/sends/{id}/resume",
    tag: "Newsletter sends",
    summary: "Resume a paused send",
    access: "staff",
    params: uuidParams("send"),
    response: SendSchema,
    responseDescription: "The send, sending again",
    errors: [404, 409],
  }),
  cancel: endpoint({
    method: "post",
    path: "/api/newsletters/sends/{id}/cancel",
    tag: "Newsletter sends",
    summary: "Cancel a send: nobody not yet mailed gets it",
    access: "staff",
    params: uuidParams("send"),
    response: SendSchema,
    responseDescription: "The send, cancelled",
    errors: [404, 409],
  }),
  preview: endpoint({
    method: "get",
    path: "/api/newsletters/preview",
    tag: "Newsletter sends",
    summary: "The mail a story would make, as HTML (or text with format=text)",
    description:
      "Exactly what a subscriber gets, with a sample recipient's links; `format=text` answers the plain-text part as `text/plain`. Never cached; its Content-Security-Policy runs no script. Without `newsletter`, the default newsletter's.",
    access: "staff",
    query: z.object({
      postId: z.string().uuid(),
      newsletter: z.string().max(80).optional(),
      format: z.enum(["html", "text"]).optional(),
    }),
    response: z.string(),
    responseDescription: "The mail's HTML part (or plain-text part)",
    responseMediaType: "text/html",
    errors: [404],
  }),
  test: endpoint({
    method: "post",
    path: "/api/newsletters/test",
    tag: "Newsletter sends",
    summary: "Mail a story to the logged-in staff member only",
    description:
      'The same parts and headers as a subscriber\'s mail, subject "[Test] {title}"; at most 10 in 10 minutes.',
    access: "staff",
    body: TestSendInputSchema,
    status: 202,
    response: MessageSchema,
    responseDescription: "The test is on its way",
    errors: [404, 429],
  }),
  events: endpoint({
    method: "post",
    path: "/api/newsletters/events",
    tag: "Newsletter sends",
    summary: "Bounce and complaint notices from the mail provider",
    description:
      "The documented JSON shape (`{ type, email, id?, permanent?, reason? }` or an array of them) with the shared secret in `Authorization: Bearer {NEWSLETTER_EVENTS_SECRET}`, or an Amazon SES notification through SNS (its signature verified). Suppresses the addresses.",
    access: "public",
    response: MessageSchema,
    responseDescription: "Notices recorded",
    errors: [400, 401, 413],
  }),
};
