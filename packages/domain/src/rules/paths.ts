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
