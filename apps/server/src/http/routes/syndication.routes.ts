import { type Context, Hono } from "hono";
import type { Config } from "../../config";
import type { Services } from "../../services";
import {
  categoryPath,
  type FeedItem,
  postPath,
  type SitemapFile,
  type SitemapUrl,
  typePath,
} from "../../services/syndication.service";
import type { AppEnv } from "../app-env";

/*
 * /rss.xml (and one per category and per type, /category/{slug}[/{type}]/rss.xml), /sitemap.xml (with its child files, sitemap-<pages|posts>-N.xml, once past
 * 50,000 URLs) and /robots.txt (DESIGN.md §7), outside /api so crawlers find them at the root.
 */

const CACHE_CONTROL = "public, max-age=300";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

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

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/*
 * The services answer the same (shared, unchanging) object until a content write clears the
 * read cache: its XML is built once per object, not per request (a full sitemap file is
 * 50,000 URLs).
 */
function renderOnce<T extends object>(render: (value: T) => string) {
  const rendered = new WeakMap<T, string>();
  return (value: T) => {
    let xml = rendered.get(value);
    if (xml === undefined) {
      xml = render(value);
      rendered.set(value, xml);
    }
    return xml;
  };
}

export function syndicationRoutes(services: Services, config: Config) {
  const base = config.publicUrl;
  const postUrl = (slug: string) => `${base}${postPath(slug)}`;
  const lastmod = (date: Date | undefined) => (date ? element("lastmod", date.toISOString()) : "");

  const urlset = renderOnce((urls: SitemapUrl[]) =>
    [
      XML_DECLARATION,
      `<urlset xmlns="${SITEMAP_NS}">`,
      ...urls.map((url) => `<url>${element("loc", `${base}${url.path}`)}${lastmod(url.lastModified)}</url>`),
      "</urlset>",
      "",
    ].join("\n"),
  );
  const sitemapIndex = renderOnce((files: SitemapFile[]) =>
    [
      XML_DECLARATION,
      `<sitemapindex xmlns="${SITEMAP_NS}">`,
      ...files.map(
        (file) =>
          `<sitemap>${element("loc", `${base}/sitemap-${file.section}-${file.number}.xml`)}${lastmod(file.lastModified)}</sitemap>`,
      ),
      "</sitemapindex>",
      "",
    ].join("\n"),
  );
  const xml = (c: Context<AppEnv>, body: string) => {
    c.header("Cache-Control", CACHE_CONTROL);
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
  };

  /** An RSS 2.0 channel of `items`, for the page at `path` (below the public URL). */
  const rss = (
    c: Context<AppEnv>,
    items: FeedItem[],
    channel: { title: string; path: string; feedPath: string; description: string },
  ) => {
    const lastBuild = items[0]?.publishedAt ?? new Date();
    const body = [
      XML_DECLARATION,
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      "<channel>",
      element("title", channel.title),
      element("link", `${base}${channel.path}`),
      element("description", channel.description),
      element("language", "en"),
      element("lastBuildDate", lastBuild.toUTCString()),
      `<atom:link href="${escapeXml(`${base}${channel.feedPath}`)}" rel="self" type="application/rss+xml"/>`,
      ...items.map((item) =>
        [
          "<item>",
          element("title", item.title),
          element("link", postUrl(item.slug)),
          `<guid isPermaLink="true">${escapeXml(postUrl(item.slug))}</guid>`,
          // toUTCString() is RFC 822/1123: "Tue, 02 Jan 2024 03:04:05 GMT".
          element("pubDate", item.publishedAt.toUTCString()),
          element("description", item.excerpt),
          element("category", item.category),
          "</item>",
        ].join(""),
      ),
      "</channel>",
      "</rss>",
      "",
    ].join("\n");
    c.header("Cache-Control", CACHE_CONTROL);
    return c.body(body, 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
  };

  /** One category's feed, or one type's within it (/category/{slug}[/{type}]/rss.xml). */
  const categoryFeed = async (c: Context<AppEnv>, slug: string, typeSlug?: string) => {
    const [channel, site] = await Promise.all([
      services.syndication.latestPosts({ categorySlug: slug, typeSlug }),
      services.settings.getSettings(),
    ]);
    if (!channel?.category) return c.text("Not found", 404);
    const path = typeSlug === undefined ? categoryPath(slug) : typePath(slug, typeSlug);
    const name = channel.type ? `${channel.type} in ${channel.category}` : channel.category;
    return rss(c, channel.items, {
      title: `${name} | ${site.siteName}`,
      path,
      feedPath: `${path}/rss.xml`,
      description: `The latest ${name} stories from ${site.siteName}`,
    });
  };

  return new Hono<AppEnv>()
    .get("/rss.xml", async (c) => {
      const [channel, site] = await Promise.all([services.syndication.latestPosts(), services.settings.getSettings()]);
      return rss(c, channel?.items ?? [], {
        title: site.siteName,
        path: "",
        feedPath: "/rss.xml",
        description: `The latest news from ${site.siteName}`,
      });
    })
    .get("/category/:slug/rss.xml", (c) => categoryFeed(c, c.req.param("slug")))
    .get("/category/:slug/:type/rss.xml", (c) => categoryFeed(c, c.req.param("slug"), c.req.param("type")))
    .get("/sitemap.xml", async (c) => {
      const sitemap = await services.syndication.sitemap();
      return xml(c, sitemap.kind === "urlset" ? urlset(sitemap.urls) : sitemapIndex(sitemap.files));
    })
    .get("/:file{sitemap-[a-z]+-[0-9]+\\.xml}", async (c) => {
      const [, section, number] = /^sitemap-(pages|posts)-([1-9]\d*)\.xml$/.exec(c.req.param("file")) ?? [];
      const urls =
        section === "pages" || section === "posts"
          ? await services.syndication.sitemapFile(section, Number(number))
          : null;
      if (!urls) return c.text("Not found", 404);
      return xml(c, urlset(urls));
    })
    .get("/robots.txt", (c) => {
      const body = [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api/",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ].join("\n");
      c.header("Cache-Control", CACHE_CONTROL);
      return c.body(body, 200, { "Content-Type": "text/plain; charset=utf-8" });
    });
}
