export {
  createNewslettersService,
  DEFAULT_DELIVERY_SETTINGS,
  type NewslettersService,
} from "./newsletters.service";
