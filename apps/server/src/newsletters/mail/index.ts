export { createNewsletterTracking, type NewsletterTracking } from "./mail-tracking";
export { createNewsletterMailService, type NewsletterMailService } from "./newsletter-mail.service";
export { createNewsletterMailWriter } from "./newsletter-mail-writer";
