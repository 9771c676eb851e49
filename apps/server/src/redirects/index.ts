export type { RedirectAnswer } from "./redirect-lookup";
export { createRedirectsService, type RedirectEntry, type RedirectsService } from "./redirects.service";
