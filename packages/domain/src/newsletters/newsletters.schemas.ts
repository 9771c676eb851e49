import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../rules/email";
import { z } from "../zod";

/* Newsletters (issue 42): what an editor sets up in Admin → Newsletters. */

export const NEWSLETTER_NAME_MAX = 120;
export const NEWSLETTER_DESCRIPTION_MAX = 500;
export const NEWSLETTER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const NEWSLETTER_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${NEWSLETTER_NAME_MAX} characters`,
  slugInvalid: "Slug may hold lowercase letters, digits and single hyphens",
  slugTaken: "Another newsletter already uses this slug.",
  senderEmailInvalid: "Sender address must be a valid e-mail address",
  replyToInvalid: "Reply-to must be a valid e-mail address",
  newsletterNotFound: "Newsletter not found",
  categoryUnknown: "No such category",
  defaultRace: "Another newsletter was made the default at the same moment; try again",
  archivedCannotBeDefault: "An archived newsletter cannot be the default",
  defaultCannotArchive: "The default newsletter cannot be archived; make another one the default first",
  newsletterArchived: "Newsletter archived",
  settingsSaved: "Delivery settings saved",
} as const;

// An address as the site checks them everywhere, or empty; a pattern, so that the OpenAPI document states it.
const OPTIONAL_EMAIL_PATTERN = new RegExp(`^(?:${EMAIL_PATTERN.source.slice(1, -1)})?$`);
const optionalEmail = (message: string) =>
  z.string().trim().max(EMAIL_MAX_LENGTH, message).regex(OPTIONAL_EMAIL_PATTERN, message);

export const NewsletterInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, NEWSLETTER_MESSAGES.nameRequired)
    .max(NEWSLETTER_NAME_MAX, NEWSLETTER_MESSAGES.nameTooLong),
  slug: z.string().trim().max(80).regex(NEWSLETTER_SLUG_PATTERN, NEWSLETTER_MESSAGES.slugInvalid).optional(),
  description: z.string().trim().max(NEWSLETTER_DESCRIPTION_MAX).default(""),
  senderName: z.string().trim().max(120).default(""),
  senderEmail: optionalEmail(NEWSLETTER_MESSAGES.senderEmailInvalid).default(""),
  replyTo: optionalEmail(NEWSLETTER_MESSAGES.replyToInvalid).default(""),
  /** Only this category's stories; null for all. */
  categoryId: z.string().uuid().nullable().default(null),
  /** Makes it the default (the old default stops being one); the default stays so until another is made the default. */
  isDefault: z.boolean().default(false),
});
export type NewsletterInput = z.output<typeof NewsletterInputSchema>;

export const DELIVERY_LIMITS = {
  batchSize: { min: 10, max: 5_000 },
  messagesPerSecond: { min: 1, max: 1_000 },
  connections: { min: 1, max: 20 },
} as const;

export const DeliverySettingsSchema = z.object({
  batchSize: z.number().int().min(DELIVERY_LIMITS.batchSize.min).max(DELIVERY_LIMITS.batchSize.max),
  messagesPerSecond: z
    .number()
    .int()
    .min(DELIVERY_LIMITS.messagesPerSecond.min)
    .max(DELIVERY_LIMITS.messagesPerSecond.max),
  connections: z.number().int().min(DELIVERY_LIMITS.connections.min).max(DELIVERY_LIMITS.connections.max),
  tracking: z.boolean(),
});
export type DeliverySettings = z.output<typeof DeliverySettingsSchema>;
