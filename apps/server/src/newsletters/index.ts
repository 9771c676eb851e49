/* The newsletters area's only door (decision 058). */
export type {
  NewsletterMailWriter,
  NewsletterRecipient,
  RecipientMail,
  RenderedNewsletter,
} from "./newsletter-mail-contract";
export { createDeliveryEvents, type DeliveryEvents } from "./sends/delivery-events";
export { createSendsService, type SendsService } from "./sends/sends.service";
export { createOutboxSender, createSmtpSender, type MailSender } from "./sends/smtp-sender";
