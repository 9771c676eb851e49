import type { AppLoadContext } from "react-router";
import type { MetaMatches } from "../../lib/root-data";
import { defaultShareImageTags, feedLinks, twitterSiteTags } from "../../lib/site";
import { archivePageHref } from "./archive-page";

/*
 * What the author and category archives say about their own address and how they are shared:
 * the same for both, so a change to one archive's links or share tags reaches the other.
 */

/** Where a page of an archive lives: its path, the site's address and name, and its canonical URL. */
export function archiveLocation(context: AppLoadContext, path: string, page: number) {
  const siteUrl = context.site.publicUrl.replace(/\/+$/, "");
  return {
    path,
    siteUrl,
    siteName: context.site.siteName,
    canonicalUrl: `${siteUrl}${archivePageHref(path, page)}`,
  };
}

/** The Open Graph and Twitter tags of an archive page (a profile or a website). */
export function archiveShareTags(
  matches: MetaMatches,
  ogType: "profile" | "website",
  page: { title: string; description: string; siteName: string; canonicalUrl: string },
) {
  return [
    { property: "og:type", content: ogType },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.canonicalUrl },
    ...defaultShareImageTags(matches),
    { name: "twitter:card", content: "summary" },
    ...twitterSiteTags(matches),
  ];
}

/** The head of a listing with its own feeds (category, type, tag): title, description, canonical, feed links, share tags. */
export function feedArchiveHead(
  matches: MetaMatches,
  page: { title: string; description: string; siteName: string; siteUrl: string; canonicalUrl: string; path: string },
  feedName: string,
) {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl },
    ...feedLinks(page.siteUrl, page.path, `${feedName} | ${page.siteName}`).map((feed) => ({
      tagName: "link",
      ...feed,
    })),
    ...archiveShareTags(matches, "website", page),
  ];
}
