export { escapeHtml } from "./escape-html";
export { createMailService, type MailMessage, type MailService } from "./mail.service";
