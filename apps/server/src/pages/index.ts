export { createPagesService, type PagesService, pageSlugOf } from "./pages.service";
