import { endpoint, MessageSchema } from "../api/endpoint";
import { uuidParams } from "../api/query.schemas";
import { z } from "../zod";
import { DeliverySettingsSchema, NewsletterInputSchema } from "./newsletters.schemas";

/** /api/newsletters: Admin → Newsletters (docs/product/newsletters.md). */

export const NewsletterSchema = z
  .object({
    _id: z.string(),
    name: z.string().describe('As shown: the default\'s empty name reads "The {site name} newsletter"'),
    slug: z.string(),
    description: z.string(),
    senderName: z.string(),
    senderEmail: z.string(),
    replyTo: z.string(),
    categoryId: z.string().nullable(),
    category: z.string().describe("The category's name, or empty for all stories"),
    isDefault: z.boolean(),
    archived: z.boolean(),
    subscribers: z.number().int().describe("Subscribed addresses"),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Newsletter" });
export type NewsletterJson = z.infer<typeof NewsletterSchema>;

/** What a reader sees of a newsletter (sign-up forms, manage page). */
export const PublicNewsletterSchema = NewsletterSchema.pick({
  _id: true,
  name: true,
  slug: true,
  description: true,
}).meta({ id: "PublicNewsletter" });
export type PublicNewsletterJson = z.infer<typeof PublicNewsletterSchema>;

export const newslettersApi = {
  list: endpoint({
    method: "get",
    path: "/api/newsletters",
    tag: "Newsletters",
    summary: "The newsletters, the default first",
    description: "Anyone sees the active newsletters' public fields; staff see every field and the archived ones.",
    access: "optional",
    response: z.object({ items: z.array(NewsletterSchema.partial().extend(PublicNewsletterSchema.shape)) }),
    responseDescription: "The newsletters",
  }),
  create: endpoint({
    method: "post",
    path: "/api/newsletters",
    tag: "Newsletters",
    summary: "Add a newsletter",
    access: "staff",
    body: NewsletterInputSchema,
    status: 201,
    response: NewsletterSchema,
    responseDescription: "The new newsletter",
    errors: [400, 409],
  }),
  update: endpoint({
    method: "put",
    path: "/api/newsletters/{id}",
    tag: "Newsletters",
    summary: "Change a newsletter",
    access: "staff",
    params: uuidParams("newsletter"),
    body: NewsletterInputSchema,
    response: NewsletterSchema,
    responseDescription: "The newsletter as saved",
    errors: [400, 404, 409],
  }),
  archive: endpoint({
    method: "delete",
    path: "/api/newsletters/{id}",
    tag: "Newsletters",
    summary: "Archive a newsletter",
    description: "It takes no new subscribers and no sends; its subscribers and sends stay in the history.",
    access: "staff",
    params: uuidParams("newsletter"),
    response: MessageSchema,
    responseDescription: "Newsletter archived",
    errors: [404, 409],
  }),
  getDeliverySettings: endpoint({
    method: "get",
    path: "/api/newsletters/settings",
    tag: "Newsletters",
    summary: "How mail goes out: batch size, messages per second, connections, tracking",
    access: "admin",
    response: DeliverySettingsSchema,
    responseDescription: "The delivery settings",
  }),
  updateDeliverySettings: endpoint({
    method: "put",
    path: "/api/newsletters/settings",
    tag: "Newsletters",
    summary: "Change how mail goes out",
    access: "admin",
    body: DeliverySettingsSchema,
    response: DeliverySettingsSchema,
    responseDescription: "The delivery settings as saved",
    errors: [400],
  }),
};
