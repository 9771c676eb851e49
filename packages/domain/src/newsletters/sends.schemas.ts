import { z } from "../zod";

/* Sending a story by e-mail (issue 42). */

export const SEND_STATUSES = ["queued", "sending", "sent", "paused", "cancelled", "failed"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** How a post goes out, chosen in the editor: web only (the default), web and e-mail, or e-mail only. */
export const POST_DELIVERIES = ["web", "web-and-email", "email"] as const;
export type PostDelivery = (typeof POST_DELIVERIES)[number];

export const SEND_MESSAGES = {
  postNotFound: "Post not found",
  sendNotFound: "Send not found",
  alreadySent: "This story was already sent to %s. Send it again only on purpose (resend).",
  noNewsletter: "Choose at least one newsletter",
  newsletterUnknown: "No such newsletter: %s",
  newsletterArchived: "The newsletter %s is archived: it takes no sends",
  cannotPause: "Only a queued or sending send can be paused",
  cannotResume: "Only a paused send can be resumed",
  cannotCancel: "A finished send cannot be cancelled",
  testSent: "A test was sent to %s",
  eventRefused: "The notice could not be verified",
  eventMalformed: "Not a notice: send { type, email } (or an array of them) or an Amazon SNS message",
  eventsTooLarge: "Too many notices at once",
} as const;

export const SendInputSchema = z.object({
  postId: z.string().uuid(),
  /** Newsletter slugs; absent = every newsletter the post belongs to (the default, and its category's). */
  newsletters: z.array(z.string().max(80)).max(20).optional(),
  /** Send to newsletters that already had this story. */
  resend: z.boolean().optional(),
});
export type SendInput = z.output<typeof SendInputSchema>;

export const TestSendInputSchema = z.object({
  postId: z.string().uuid(),
  newsletter: z.string().max(80).optional(),
});
export type TestSendInput = z.output<typeof TestSendInputSchema>;

/** A bounce or complaint in the documented shape (docs/product/newsletter-sending.md). */
export const DeliveryEventSchema = z.object({
  type: z.enum(["bounce", "complaint"]),
  email: z.string().max(254),
  /** The provider's id for the notice, so a repeated one is ignored. */
  id: z.string().max(200).optional(),
  /** Permanent bounces suppress; temporary ones are only recorded. */
  permanent: z.boolean().optional(),
  reason: z.string().max(1000).optional(),
});
export type DeliveryEvent = z.output<typeof DeliveryEventSchema>;
