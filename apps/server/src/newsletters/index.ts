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
export {
  createNewslettersService,
  DEFAULT_DELIVERY_SETTINGS,
  type NewslettersService,
} from "./newsletters.service";
export { createDeliveryEvents, type DeliveryEvents } from "./sends/delivery-events";
export { createSendsService, type SendsService } from "./sends/sends.service";
export { createOutboxSender, createSmtpSender, type MailSender } from "./sends/smtp-sender";
export { type ImportedSubscriber, writeImportedSubscribers } from "./subscribers/imported-subscribers";
export {
  createSubscribersAdminService,
  type SubscribersAdminService,
} from "./subscribers/subscribers-admin.service";
export {
  createSubscribingService,
  type Reader,
  type SubscribeContext,
  type SubscribingService,
} from "./subscribers/subscribing.service";
