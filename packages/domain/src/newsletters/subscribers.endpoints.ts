import { pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { choiceQuery, pageQuerySchema, textQuery, uuidParams } from "../api/query.schemas";
import { UPLOAD_MAX_BYTES } from "../rules/limits";
import { z } from "../zod";
import { PublicNewsletterSchema } from "./newsletters.endpoints";
import {
  NewsletterChoicesSchema,
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATUSES,
  SubscribeInputSchema,
} from "./subscribers.schemas";

/** Subscribing and Admin → Subscribers (docs/product/subscribers.md). */

const dateTime = () => z.string().meta({ format: "date-time" });

export const SubscriberSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    newsletters: z.array(z.string()).describe("Slugs of the newsletters the address gets"),
    source: z.string().describe('"form", "account", "import", "ghost" or "admin"'),
    hasAccount: z.boolean(),
    consent: z.object({
      at: dateTime().nullable(),
      ip: z.string().describe("The address the consent came from, or empty"),
      form: z.string().describe("Which form or import it came through"),
      note: z.string(),
    }),
    createdAt: dateTime(),
    subscribedAt: dateTime().nullable(),
    unsubscribedAt: dateTime().nullable(),
  })
  .meta({ id: "Subscriber" });
export type SubscriberJson = z.infer<typeof SubscriberSchema>;

export const SubscriberListQuerySchema = pageQuerySchema(SUBSCRIBER_PAGE_SIZE).extend({
  search: textQuery(254, "Part of the address or name"),
  status: choiceQuery("status", ["", ...SUBSCRIBER_STATUSES], "", "Only this status; empty for all"),
  newsletter: textQuery(80, "Only this newsletter's (slug); empty for all"),
});
export type SubscriberListQuery = z.output<typeof SubscriberListQuerySchema>;

export const SubscriberCountsSchema = z
  .object({
    total: z.number().int(),
    byStatus: z.record(z.enum(SUBSCRIBER_STATUSES), z.number().int()),
    byNewsletter: z.array(z.object({ slug: z.string(), name: z.string(), subscribed: z.number().int() })),
  })
  .meta({ id: "SubscriberCounts" });

export const SubscriberGrowthSchema = z
  .object({
    days: z.array(z.object({ date: z.string().describe("YYYY-MM-DD"), subscribed: z.number().int() })),
  })
  .meta({ id: "SubscriberGrowth" });

export const SubscriberImportReportSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  })
  .meta({ id: "SubscriberImportReport" });
export type SubscriberImportReport = z.infer<typeof SubscriberImportReportSchema>;

export const MyNewslettersSchema = z
  .object({
    newsletters: z.array(PublicNewsletterSchema.extend({ subscribed: z.boolean() })),
  })
  .meta({ id: "MyNewsletters" });

/** What the manage page shows: the address, its status and every active newsletter, marked. */
export const ManagedSubscriptionSchema = z
  .object({
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    newsletters: z.array(PublicNewsletterSchema.extend({ subscribed: z.boolean() })),
  })
  .meta({ id: "ManagedSubscription" });
export type ManagedSubscriptionJson = z.infer<typeof ManagedSubscriptionSchema>;

const tokenParams = (what: string) => z.object({ token: z.string().max(128).meta({ description: what }) });
const MANAGE_TOKEN = tokenParams("The manage token of the mail's links");

const SubscriberImportFormSchema = z.object({
  file: z.string().meta({ format: "binary", contentMediaType: "text/csv" }),
  confirm: z.string().optional().describe('"1": mail each new address a confirmation instead of subscribing it'),
});

export const subscribersApi = {
  subscribe: endpoint({
    method: "post",
    path: "/api/newsletters/subscribe",
    tag: "Subscribers",
    summary: "Subscribe an address (double opt-in)",
    description:
      "Anonymous: a confirmation mail is sent and the address is subscribed when its link is followed; the answer is the same whether or not the address is known. Logged in with the same address: subscribed at once. Rate limited per address and per client.",
    access: "optional",
    body: SubscribeInputSchema,
    status: 202,
    response: MessageSchema,
    responseDescription: "Accepted",
    errors: [400, 429],
  }),
  confirm: endpoint({
    method: "post",
    path: "/api/newsletters/confirm/{token}",
    tag: "Subscribers",
    summary: "Confirm a subscription (the confirmation mail's link)",
    description:
      "The page at the mailed link posts here when the reader presses its button: a mail scanner that only opens the link confirms nothing.",
    access: "public",
    params: tokenParams("The token of the confirmation mail"),
    response: MessageSchema,
    responseDescription: "Subscription confirmed",
    errors: [400],
  }),
  manage: endpoint({
    method: "get",
    path: "/api/newsletters/manage/{token}",
    tag: "Subscribers",
    summary: "An address's newsletters, by its manage token (no login)",
    access: "public",
    params: MANAGE_TOKEN,
    response: ManagedSubscriptionSchema,
    responseDescription: "The address and every active newsletter, marked",
    errors: [400],
  }),
  updateManaged: endpoint({
    method: "put",
    path: "/api/newsletters/manage/{token}",
    tag: "Subscribers",
    summary: "Choose an address's newsletters by its manage token; none unsubscribes",
    access: "public",
    params: MANAGE_TOKEN,
    body: NewsletterChoicesSchema,
    response: ManagedSubscriptionSchema,
    responseDescription: "The choices as saved",
    errors: [400],
  }),
  unsubscribe: endpoint({
    method: "post",
    path: "/api/newsletters/unsubscribe/{token}",
    tag: "Subscribers",
    summary: "Unsubscribe an address from every newsletter by its manage token",
    description:
      "The unsubscribe page's button. Mail clients' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the page's own address, /newsletters/unsubscribe/{token}, which does the same.",
    access: "public",
    params: MANAGE_TOKEN,
    query: z.object({ send: textQuery(36, "The send whose mail's link it was (credits its figures)") }),
    response: MessageSchema,
    responseDescription: "Unsubscribed",
    errors: [400],
  }),
  mine: endpoint({
    method: "get",
    path: "/api/newsletters/mine",
    tag: "Subscribers",
    summary: "The logged-in reader's newsletters",
    access: "user",
    response: MyNewslettersSchema,
    responseDescription: "Every active newsletter, marked subscribed or not",
  }),
  updateMine: endpoint({
    method: "put",
    path: "/api/newsletters/mine",
    tag: "Subscribers",
    summary: "Choose the logged-in reader's newsletters",
    access: "user",
    body: NewsletterChoicesSchema,
    response: MyNewslettersSchema,
    responseDescription: "The choices as saved",
    errors: [400],
  }),
  list: endpoint({
    method: "get",
    path: "/api/newsletters/subscribers",
    tag: "Subscribers",
    summary: "Search and filter subscribers, newest first",
    access: "staff",
    query: SubscriberListQuerySchema,
    response: pageSchema(SubscriberSchema),
    responseDescription: "A page of subscribers",
  }),
  counts: endpoint({
    method: "get",
    path: "/api/newsletters/subscribers/counts",
    tag: "Subscribers",
    summary: "Subscribers by status and by newsletter",
    access: "staff",
    response: SubscriberCountsSchema,
    responseDescription: "The counts",
  }),
  growth: endpoint({
    method: "get",
    path: "/api/newsletters/subscribers/growth",
    tag: "Subscribers",
    summary: "Subscribed addresses per day over the last 30 days",
    access: "staff",
    response: SubscriberGrowthSchema,
    responseDescription: "One row per day",
  }),
  importCsv: endpoint({
    method: "post",
    path: "/api/newsletters/subscribers/import",
    tag: "Subscribers",
    summary: "Import subscribers from CSV",
    description:
      "A CSV with an `email` column and optional `name` and `newsletters` (slugs separated by spaces or semicolons) columns, as the multipart field `file` or a text/csv body. Imported addresses are subscribed without a confirmation mail (with a consent note) unless `confirm=1`; known addresses are updated; bad lines are skipped with their reason.",
    access: "staff",
    form: SubscriberImportFormSchema,
    maxBodyBytes: UPLOAD_MAX_BYTES + 64 * 1024,
    response: SubscriberImportReportSchema,
    responseDescription: "What the import did",
    errors: [400, 413, 415],
  }),
  exportCsv: endpoint({
    method: "get",
    path: "/api/newsletters/subscribers/export",
    tag: "Subscribers",
    summary: "Every subscriber as CSV",
    access: "staff",
    response: z.string(),
    responseDescription: "email,name,status,newsletters,source,consent_at,consent_ip,consent_form,created_at",
    responseMediaType: "text/csv",
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/newsletters/subscribers/{id}",
    tag: "Subscribers",
    summary: "Delete a subscriber (erases the address)",
    access: "staff",
    params: uuidParams("subscriber"),
    response: MessageSchema,
    responseDescription: "Subscriber deleted",
    errors: [404],
  }),
};
