export { createTaxonomyService } from "./taxonomy.service";
