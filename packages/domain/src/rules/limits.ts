/** Business constants (docs/product.md#9-limits-and-constants), in one place for both sides. */
export const PASSWORD_MIN_LENGTH = 6;
export const CATEGORY_NAME_MIN_LENGTH = 3;
export const TYPE_NAME_MIN_LENGTH = 2;
export const MAX_IMAGES_PER_POST = 5;
export const MAX_IMAGES_PER_BATCH = 5;
/** An image's description (alt text): a sentence or two, as screen-reader guidance suggests. */
export const IMAGE_ALT_MAX_LENGTH = 250;
/** A correction note under an article. */
export const CORRECTION_MAX_LENGTH = 1000;
export const SEARCH_PAGE_SIZE = 9;
export const ADMIN_PAGE_SIZE = 6;
export const MAX_PAGE_SIZE = 50;
export const WIDGET_SIZE = 5;
export const CAROUSEL_SIZE = 7;
export const CATEGORY_BLOCK_SIZE = 4;
export const ADVERT_TOP_LIMIT = 4;
export const COMMENT_MAX_LENGTH = 5000;
export const FIXED_TOP_BAR_SCROLL_PX = 200;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Any request body that is not an upload: JSON and forms (issue 12). */
export const BODY_MAX_BYTES = 1024 * 1024;
/** A search term is cut to this many characters. */
export const SEARCH_MAX_LENGTH = 200;

export const POST_CATEGORIES = [
  "World News",
  "National",
  "Technology",
  "Travel",
  "Audio Video",
  "HealthCare",
  "Entertainment",
  "Business",
  "Sports",
  "Jobs",
] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const ADVERT_PLACEMENTS = ["Advert Top", "Advert Main", "Advert Main2"] as const;
export type AdvertPlacement = (typeof ADVERT_PLACEMENTS)[number];

export const SHARE_PLATFORMS = ["facebook", "x", "whatsapp", "linkedin", "copy"] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const POST_SORTS = ["latest", "oldest", "a-z", "z-a"] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** Widths the media server renders an image at, for `srcset`: images at the size shown (docs/product.md#12-quality-bar). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * The Cache-Control of a page every anonymous reader may share. A page route opts in by
 * sending it (its `headers` export); the server's page cache keeps only such pages, and a
 * CDN may keep them a minute and serve them stale while refreshing.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** The author page's biography, edited in the profile by staff. */
export const AUTHOR_BIO_MAX_LENGTH = 500;
/** Posts per page on category, type and author pages (as on search). */
export const ARCHIVE_PAGE_SIZE = 9;
/** Posts (and polls) one viewer-state call answers for: more than any page shows. */
export const VIEWER_STATE_MAX_IDS = 200;
