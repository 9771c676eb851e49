/*
 * What a write changed, named by tags (issue 13): `post:<id or slug>`, `poll:<id>`,
 * `user:<id>`, `session:<hash>`, and the lists `list:posts`, `list:categories`,
 * `list:adverts`, `list:polls`. Cached values carry the tags of what they show; one
 * mechanism (`Caches.changed`, in public-pages.ts) forgets every value
 * with a changed tag in the read, viewer and page caches, here and on every instance.
 */

/** The tag of everything that shows a post: its content, title, images, state. */
export const postTag = (idOrSlug: string) => `post:${idOrSlug}`;
export const pollTag = (pollId: string) => `poll:${pollId}`;
/**
 * Readers' activity on a post or poll (comments, likes, reviews, votes): it drops the cached
 * reads behind the next answer, but not the public pages, which show counts up to their
 * cache lifetime old rather than being thrown away by every like.
 */
export const postActivityTag = (postId: string) => `activity:post:${postId}`;
export const pollActivityTag = (pollId: string) => `activity:poll:${pollId}`;
/** The tag of everything cached about one reader: their session, likes, Read Later, votes. */
export const userTag = (userId: string) => `user:${userId}`;
/** The public face of a user who writes: name, photo and bio on their author page and bylines. */
export const authorTag = (userId: string) => `author:${userId}`;
export const sessionTag = (tokenHash: string) => `session:${tokenHash}`;
/** A static page (About, Terms…) by id or slug. */
export const pageTag = (idOrSlug: string) => `page:${idOrSlug}`;

/** Lists, feeds and pages that show posts (and their counts). */
export const POST_LISTS = "list:posts";
export const CATEGORY_LISTS = "list:categories";
/** Tags: their names, slugs and counts, on tag pages, post pages and the editor's suggestions. */
export const TAG_LISTS = "list:tags";
export const ADVERT_LISTS = "list:adverts";
export const POLL_LISTS = "list:polls";
/** What lists static pages: the sitemap, the page lists and the navigation's choice of pages. */
export const PAGE_LISTS = "list:pages";
/** The redirects table: the per-process lookup (redirects area) and every page copy, since a redirect hides a page. */
export const REDIRECTS_TAG = "redirects";
/** Newsletters: their names and descriptions on sign-up forms, the profile and the manage page. */
export const NEWSLETTER_LISTS = "list:newsletters";
/** The site's settings: its name, words and links are on every page. */
export const SETTINGS_TAG = "settings";

/** A reader's own state (likes, saves, votes, session) and their activity change no cached public page. */
export function changesPublicPages(tag: string): boolean {
  return !tag.startsWith("user:") && !tag.startsWith("session:") && !tag.startsWith("activity:");
}

/** Pages logged-in readers share show counts and comments at once (their own among them): activity changes them too. */
export function changesReaderPages(tag: string): boolean {
  return changesPublicPages(tag) || tag.startsWith("activity:");
}

/**
 * The one way business code invalidates: `caches.changed([tags])` once a write has succeeded
 * forgets every cached value showing one of `tags` (read, viewer and page caches), here and
 * on every instance. A write that fails changes nothing and clears nothing.
 */
export interface Caches {
  changed(tags: readonly string[]): Promise<void>;
}
