import { authorPath, FEED_LINKS, feedPath, postPath } from "@broadsheet/domain";
import type { FeedItem } from "./syndication.service";

/*
 * One list of posts written three ways: RSS 2.0 (with content:encoded, dc:creator and the
 * lead image as enclosure and media:content), Atom 1.0 and JSON Feed 1.1. Written here rather
 * than by a feed library: see decision 051 for the measurement.
 */

const [RSS, ATOM, JSON_FEED] = FEED_LINKS;
export const FEED_FORMATS = { rss: RSS, atom: ATOM, json: JSON_FEED } as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

export interface FeedDocument {
  /** The public URL, without a trailing slash. */
  base: string;
  title: string;
  description: string;
  /** The page the feed follows, below the public URL ("" for the home page). */
  path: string;
  /** The feed's own folder below the public URL ("" for the site's, "/category/x" for one category's). */
  feedFolder: string;
  /** The newest change it shows. */
  updated: Date;
  items: FeedItem[];
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Escapes text for XML content and attribute values; drops characters XML 1.0 cannot carry. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
const feedUrl = (feed: FeedDocument, format: FeedFormat) =>
  `${feed.base}${feedPath(feed.feedFolder, FEED_FORMATS[format].file)}`;
const pageUrl = (feed: FeedDocument) => `${feed.base}${feed.path || "/"}`;
const itemUrl = (feed: FeedDocument, item: FeedItem) => `${feed.base}${postPath(item.slug)}`;
const authorUrl = (feed: FeedDocument, author: { slug: string }) => `${feed.base}${authorPath(author.slug)}`;

function rssImage(item: FeedItem): string {
  const { image } = item;
  if (!image) return "";
  const url = escapeXml(image.url);
  if (!image.stored) return `<media:content url="${url}" medium="image"/>`;
  const { mime, bytes, width, height } = image.stored;
  return [
    `<enclosure url="${url}" length="${bytes}" type="${escapeXml(mime)}"/>`,
    `<media:content url="${url}" medium="image" type="${escapeXml(mime)}" fileSize="${bytes}" width="${width}" height="${height}"/>`,
  ].join("");
}

export function renderRss(feed: FeedDocument): string {
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    element("title", feed.title),
    element("link", `${feed.base}${feed.path}`),
    element("description", feed.description),
    element("language", "en"),
    // toUTCString() is RFC 822/1123: "Tue, 02 Jan 2024 03:04:05 GMT".
    element("lastBuildDate", feed.updated.toUTCString()),
    `<atom:link href="${escapeXml(feedUrl(feed, "rss"))}" rel="self" type="application/rss+xml"/>`,
    ...feed.items.map((item) =>
      [
        "<item>",
        element("title", item.title),
        element("link", itemUrl(feed, item)),
        `<guid isPermaLink="true">${escapeXml(itemUrl(feed, item))}</guid>`,
        element("pubDate", item.publishedAt.toUTCString()),
        ...item.authors.map((author) => element("dc:creator", author.name)),
        element("description", item.excerpt),
        element("content:encoded", item.contentHtml),
        element("category", item.category),
        rssImage(item),
        "</item>",
      ].join(""),
    ),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function renderAtom(feed: FeedDocument): string {
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    element("id", feedUrl(feed, "atom")),
    element("title", feed.title),
    element("subtitle", feed.description),
    element("updated", feed.updated.toISOString()),
    `<link rel="alternate" type="text/html" href="${escapeXml(pageUrl(feed))}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl(feed, "atom"))}"/>`,
    // Atom asks every entry for an author; entries without their own take the site's.
    `<author>${element("name", feed.title)}</author>`,
    ...feed.items.map((item) =>
      [
        "<entry>",
        element("id", itemUrl(feed, item)),
        element("title", item.title),
        `<link rel="alternate" type="text/html" href="${escapeXml(itemUrl(feed, item))}"/>`,
        element("published", item.publishedAt.toISOString()),
        element("updated", item.updatedAt.toISOString()),
        ...item.authors.map(
          (author) => `<author>${element("name", author.name)}${element("uri", authorUrl(feed, author))}</author>`,
        ),
        `<category term="${escapeXml(item.category)}"/>`,
        `<summary type="text">${escapeXml(item.excerpt)}</summary>`,
        `<content type="html">${escapeXml(item.contentHtml)}</content>`,
        item.image
          ? `<link rel="enclosure" href="${escapeXml(item.image.url)}"${
              item.image.stored
                ? ` type="${escapeXml(item.image.stored.mime)}" length="${item.image.stored.bytes}"`
                : ""
            }/>`
          : "",
        "</entry>",
      ].join(""),
    ),
    "</feed>",
    "",
  ].join("\n");
}

export function renderJsonFeed(feed: FeedDocument): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: pageUrl(feed),
    feed_url: feedUrl(feed, "json"),
    description: feed.description,
    language: "en",
    items: feed.items.map((item) => ({
      id: itemUrl(feed, item),
      url: itemUrl(feed, item),
      title: item.title,
      content_html: item.contentHtml,
      summary: item.excerpt,
      date_published: item.publishedAt.toISOString(),
      date_modified: item.updatedAt.toISOString(),
      tags: [item.category],
      ...(item.authors.length > 0
        ? { authors: item.authors.map((author) => ({ name: author.name, url: authorUrl(feed, author) })) }
        : {}),
      ...(item.image
        ? {
            image: item.image.url,
            ...(item.image.stored
              ? {
                  attachments: [
                    {
                      url: item.image.url,
                      mime_type: item.image.stored.mime,
                      size_in_bytes: item.image.stored.bytes,
                    },
                  ],
                }
              : {}),
          }
        : {}),
    })),
  });
}

export const FEED_RENDERERS: Record<FeedFormat, (feed: FeedDocument) => string> = {
  rss: renderRss,
  atom: renderAtom,
  json: renderJsonFeed,
};
