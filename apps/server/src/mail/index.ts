export { createMailService, type MailService } from "./mail.service";
