export { resolveCategory, resolveType } from "./post-classification";
export {
  createTagsService,
  setPostTags,
  type TagsService,
  taggedWithAny,
  tagIdBySlug,
  tagNamed,
  tagSlugOf,
  tagsMatching,
  tagsOfPost,
} from "./tags.service";
export { createTaxonomyService } from "./taxonomy.service";
