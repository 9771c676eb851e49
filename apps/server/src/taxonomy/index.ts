export { resolveCategory, resolveType } from "./post-classification";
export {
  createTagsService,
  setPostTags,
  type TagsService,
  taggedWith,
  taggedWithAny,
  tagNamed,
  tagSlugOf,
  tagsMatching,
  tagsOfPost,
} from "./tags.service";
export { createTaxonomyService } from "./taxonomy.service";
