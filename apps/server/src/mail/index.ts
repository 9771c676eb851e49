export { createMailService, type MailMessage, type MailService } from "./mail.service";
