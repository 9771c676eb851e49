import { FEED_LINKS, feedPath } from "@broadsheet/domain";
import { type MetaMatches, type RootData, rootDataIn, useRootData } from "./root-data";

/*
 * The site's settings (name, tagline, links…) as the root loader gives them to every page;
 * an admin changes them in Admin → Settings (issue 15).
 */

const FALLBACK_NAME = "Broadsheet";

/** The settings, for components under the root route. */
export function useSite(): RootData["site"] | undefined {
  return useRootData()?.site;
}

/** The site's name, for a route's `meta` (which receives the matched routes, not hooks). */
export function siteNameIn(matches: MetaMatches): string {
  return rootDataIn(matches)?.site.siteName ?? FALLBACK_NAME;
}

/** The site's name in a component, for texts and error pages. */
export function useSiteName(): string {
  return useSite()?.siteName ?? FALLBACK_NAME;
}

const siteIn = (matches: MetaMatches) => rootDataIn(matches)?.site;

/** The X (Twitter) card's site: the settings' handle, when an admin has set one. */
export function twitterSiteTags(matches: MetaMatches) {
  const handle = siteIn(matches)?.twitterHandle;
  return handle ? [{ name: "twitter:site", content: handle }] : [];
}

/**
 * The <link rel="alternate"> of each feed (RSS, Atom, JSON Feed) below `folder` of the site
 * at `base`: "" for the whole site's, "/category/x" for one category's.
 */
export function feedLinks(base: string, folder: string, title: string) {
  return FEED_LINKS.map((feed) => ({
    rel: "alternate",
    type: feed.type,
    title: `${title} (${feed.format})`,
    href: `${base.replace(/\/+$/, "")}${feedPath(folder, feed.file)}`,
  }));
}

/** Open Graph and Twitter image tags of the settings' default share image, for pages without their own. */
export function defaultShareImageTags(matches: MetaMatches) {
  const site = siteIn(matches);
  if (!site?.shareImage) return [];
  const url = /^https?:\/\//.test(site.shareImage)
    ? site.shareImage
    : `${site.publicUrl.replace(/\/+$/, "")}${site.shareImage}`;
  return [
    { property: "og:image", content: url },
    { name: "twitter:image", content: url },
  ];
}
