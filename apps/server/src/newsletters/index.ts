/* The newsletters area's only door (decision 058): other areas and the routes import from here. */

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
