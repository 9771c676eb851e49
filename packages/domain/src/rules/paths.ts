/*
 * The addresses of the site's public pages, built in one place for the web's links and the
 * server's feeds, sitemaps and structured data. Slugs are encoded, so any slug makes one path segment.
 */

/** A post's page. */
export function postPath(slug: string): string {
  return `/page/${encodeURIComponent(slug)}`;
}

/** A category's page, or one of its types' pages when `typeSlug` is given. */
export function categoryPath(categorySlug: string, typeSlug?: string): string {
  const path = `/category/${encodeURIComponent(categorySlug)}`;
  return typeSlug ? `${path}/${encodeURIComponent(typeSlug)}` : path;
}

/** An author's page. */
export function authorPath(authorSlug: string): string {
  return `/author/${encodeURIComponent(authorSlug)}`;
}

/** A feed file (FEED_LINKS' `file`) of the page at `folder`: "" for the whole site, or a category's path. */
export function feedPath(folder: string, file: string): string {
  return `${folder}/${file}`;
}

/** A tag's page. */
export function tagPath(tagSlug: string): string {
  return `/tag/${encodeURIComponent(tagSlug)}`;
}

/** A static page (About, Terms…): straight under the site's root. */
export function pagePath(pageSlug: string): string {
  return `/${encodeURIComponent(pageSlug)}`;
}

/*
 * The first path segments the site's own screens and files use: a static page may not take one,
 * or it would hide (or be hidden by) that screen.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  "admin",
  "api",
  "assets",
  "atom.xml",
  "author",
  "category",
  "favicon.svg",
  "feed",
  "feed.json",
  "health",
  "icons",
  "login",
  "logout",
  "manifest.webmanifest",
  "media",
  "offline.html",
  "page",
  "preview",
  "profile",
  "reader-actions",
  "readlater",
  "register",
  "reset",
  "robots.txt",
  "rss.xml",
  "scripts-off",
  "search",
  "sitemap-news.xml",
  "sitemap.xml",
  "sw.js",
  "tag",
  "uploads",
];

/** Whether a static page may use `slug` (compared case-insensitively, as URLs are typed). */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.includes(slug.toLowerCase());
}
