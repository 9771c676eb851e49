/* The newsletters area (issue 42): its only door (decision 058). */
export {
  createNewsletterMailService,
  createNewsletterMailWriter,
  createNewsletterTracking,
  type NewsletterMailService,
  type NewsletterTracking,
} from "./mail";
export type {
  NewsletterMailWriter,
  NewsletterRecipient,
  RecipientMail,
  RenderedNewsletter,
} from "./newsletter-mail-contract";
