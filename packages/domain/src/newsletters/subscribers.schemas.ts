import { EMAIL_MAX_LENGTH } from "../rules/email";
import { z } from "../zod";

/* Subscribers (issue 42): addresses, their newsletters, their status and the proof they asked. */

export const SUBSCRIBER_STATUSES = ["pending", "subscribed", "unsubscribed", "bounced", "complained"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_PAGE_SIZE = 50;
/** The most lines one CSV import reads. */
export const SUBSCRIBER_IMPORT_MAX_LINES = 200_000;

export const SUBSCRIBER_MESSAGES = {
  /** The one answer to every well-formed subscribe request: it never says whether the address was known. */
  subscribeAccepted: "Thanks! If this address can receive our newsletter, a message is on its way to confirm it.",
  subscribedNow: "You are subscribed.",
  emailInvalid: "Enter a valid e-mail address",
  newsletterUnknown: "No such newsletter: %s",
  newsletterArchived: "This newsletter takes no new subscribers: %s",
  noDefaultNewsletter: "There is no newsletter to subscribe to",
  importLeftUnsubscribed: "The address unsubscribed or is suppressed (%s): an import does not subscribe it again",
  oneClickUnsubscribed: "Unsubscribed.",
  confirmed: "Your subscription is confirmed.",
  linkInvalid: "This link is not valid or has expired.",
  unsubscribed: "You are unsubscribed. You will get no more newsletters from us.",
  preferencesSaved: "Your newsletter choices are saved.",
  subscriberNotFound: "Subscriber not found",
  subscriberDeleted: "Subscriber deleted: the address is erased",
  csvRequired: "Send the CSV as the multipart field `file` or as a text/csv body",
  csvNotText: "The file is not a CSV text file",
  csvNoEmailColumn: "The CSV needs an `email` column",
  tooManyLines: `A CSV import reads at most ${SUBSCRIBER_IMPORT_MAX_LINES} lines`,
} as const;

/** The sign-up forms of the reader's pages, recorded with the consent; an API call without one is "api". */
export const SUBSCRIBE_FORMS = ["home", "post-page", "footer", "api"] as const;
export type SubscribeForm = (typeof SUBSCRIBE_FORMS)[number];

export const SubscribeInputSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH, SUBSCRIBER_MESSAGES.emailInvalid),
  /** Newsletter slugs; absent = the default newsletter. */
  newsletters: z.array(z.string().max(80)).max(20).optional(),
  form: z.enum(SUBSCRIBE_FORMS).optional().describe("Which form of the site it came through (the consent record)"),
});
export type SubscribeInput = z.output<typeof SubscribeInputSchema>;

/** A reader's own choices (profile page, manage page): the slugs they want; none = leave all. */
export const NewsletterChoicesSchema = z.object({
  newsletters: z.array(z.string().max(80)).max(50),
});
export type NewsletterChoices = z.output<typeof NewsletterChoicesSchema>;
