export {
  ADVERT_LISTS,
  authorTag,
  CATEGORY_LISTS,
  type Caches,
  NEWSLETTER_LISTS,
  PAGE_LISTS,
  POLL_LISTS,
  POST_LISTS,
  pageTag,
  pollActivityTag,
  pollTag,
  postActivityTag,
  postTag,
  REDIRECTS_TAG,
  SETTINGS_TAG,
  sessionTag,
  TAG_LISTS,
  userTag,
} from "./content-changes";
export { entityTag } from "./entity-tag";
export type { CachedPage, PageCache, RenderedPage } from "./page-cache";
export {
  createPublicPagesService,
  type ForgetListener,
  type PersonalPaths,
  type PublicPagesService,
  type ViewerCache,
} from "./public-pages";
export type { ReadCache } from "./read-cache";
export { closeRedis, connectRedis } from "./redis-connection";
