export { resolveCategory, resolveType } from "./post-classification";
export { createTaxonomyService } from "./taxonomy.service";
