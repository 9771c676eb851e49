import { categoryPath, PUBLISHER_LOGO, postPath, tagPath } from "@broadsheet/domain";
import { type Context, Hono } from "hono";
import type { Config } from "../../config";
import type { Services } from "../../services";
import {
  element,
  FEED_FORMATS,
  FEED_RENDERERS,
  type FeedChannel,
  type FeedFormat,
  type NewsSitemapItem,
  type SitemapFile,
  type SitemapUrl,
  XML_DECLARATION,
} from "../../syndication";
import type { AppEnv } from "../app-env";

/*
 * The site's feeds (/rss.xml, /atom.xml, /feed.json, and the same per category and per type
 * below /category/{slug}[/{type}]/ and per tag below /tag/{slug}/), /sitemap.xml (with its child files,
 * sitemap-<pages|posts>-N.xml, once past 50,000 URLs), /sitemap-news.xml (Google News) and
 * /robots.txt, outside /api so crawlers and feed readers find them at the root. Each
 * answer carries Last-Modified: the newest change it shows. And the publisher logo of
 * structured data (PUBLISHER_LOGO), whose address stays the same when the logo changes.
 */

const CACHE_CONTROL = "public, max-age=300";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";
// Grouped: a bare alternation would let any path ending in feed.json match the shorter route.
const FEED_FILE = "{(?:rss\\.xml|atom\\.xml|feed\\.json)}";
const FORMAT_OF_FILE = new Map<string, FeedFormat>(
  Object.entries(FEED_FORMATS).map(([format, { file }]) => [file, format as FeedFormat]),
);

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

const newestOf = (dates: Date[]) =>
  dates.length > 0 ? new Date(Math.max(...dates.map((date) => date.getTime()))) : null;

export function syndicationRoutes(services: Services, config: Config) {
  const base = config.publicUrl;
  const postUrl = (slug: string) => `${base}${postPath(slug)}`;
  const lastmod = (date: Date) => element("lastmod", date.toISOString());

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
  const newsUrlset = (items: NewsSitemapItem[], siteName: string) =>
    [
      XML_DECLARATION,
      `<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">`,
      ...items.map(
        (item) =>
          `<url>${element("loc", postUrl(item.slug))}<news:news><news:publication>${element("news:name", siteName)}${element("news:language", "en")}</news:publication>${element("news:publication_date", item.publishedAt.toISOString())}${element("news:title", item.title)}</news:news></url>`,
      ),
      "</urlset>",
      "",
    ].join("\n");

  /** A cacheable answer; Last-Modified is an HTTP date, so whole seconds. */
  const send = (c: Context<AppEnv>, body: string, type: string, lastModified: Date | null) => {
    c.header("Cache-Control", CACHE_CONTROL);
    if (lastModified) c.header("Last-Modified", lastModified.toUTCString());
    return c.body(body, 200, { "Content-Type": `${type}; charset=utf-8` });
  };
  const xml = (c: Context<AppEnv>, body: string, lastModified: Date | null) =>
    send(c, body, "application/xml", lastModified);

  // One WeakMap per format: a channel is the same object until a write clears the read cache.
  const renderers: Record<FeedFormat, WeakMap<FeedChannel, string>> = {
    rss: new WeakMap(),
    atom: new WeakMap(),
    json: new WeakMap(),
  };

  /** The feed of `channel` in `format`, for the page at `path` (below the public URL). */
  const feed = (
    c: Context<AppEnv>,
    format: FeedFormat,
    channel: FeedChannel,
    about: { title: string; path: string; description: string },
  ) => {
    let body = renderers[format].get(channel);
    if (body === undefined) {
      body = FEED_RENDERERS[format]({
        base,
        title: about.title,
        description: about.description,
        path: about.path,
        feedFolder: about.path,
        updated: channel.lastModified,
        items: channel.items,
      });
      renderers[format].set(channel, body);
    }
    return send(c, body, FEED_FORMATS[format].type, channel.lastModified);
  };

  /** The whole site's feed. */
  const siteFeed = async (c: Context<AppEnv>, format: FeedFormat) => {
    const [channel, site] = await Promise.all([services.syndication.latestPosts(), services.settings.getSettings()]);
    if (!channel) return c.text("Not found", 404);
    return feed(c, format, channel, {
      title: site.siteName,
      path: "",
      description: `The latest news from ${site.siteName}`,
    });
  };

  /** One category's feed, or one type's within it (/category/{slug}[/{type}]/{rss.xml|atom.xml|feed.json}). */
  const categoryFeed = async (c: Context<AppEnv>, slug: string, typeSlug?: string) => {
    const format = FORMAT_OF_FILE.get(c.req.param("file") ?? "");
    const [channel, site] = await Promise.all([
      services.syndication.latestPosts({ categorySlug: slug, typeSlug }),
      services.settings.getSettings(),
    ]);
    if (!format || !channel?.category) return c.text("Not found", 404);
    const path = categoryPath(slug, typeSlug);
    const name = channel.type ? `${channel.type} in ${channel.category}` : channel.category;
    return feed(c, format, channel, {
      title: `${name} | ${site.siteName}`,
      path,
      description: `The latest ${name} stories from ${site.siteName}`,
    });
  };

  /** One tag's feed (/tag/{slug}/{rss.xml|atom.xml|feed.json}). */
  const tagFeed = async (c: Context<AppEnv>, slug: string) => {
    const format = FORMAT_OF_FILE.get(c.req.param("file") ?? "");
    const [channel, site] = await Promise.all([
      services.syndication.latestPosts({ tagSlug: slug }),
      services.settings.getSettings(),
    ]);
    if (!format || !channel?.tag) return c.text("Not found", 404);
    return feed(c, format, channel, {
      title: `${channel.tag} | ${site.siteName}`,
      path: tagPath(slug),
      description: `The latest stories tagged ${channel.tag} from ${site.siteName}`,
    });
  };

  return new Hono<AppEnv>()
    .get("/rss.xml", (c) => siteFeed(c, "rss"))
    .get("/atom.xml", (c) => siteFeed(c, "atom"))
    .get("/feed.json", (c) => siteFeed(c, "json"))
    .get(`/category/:slug/:file${FEED_FILE}`, (c) => categoryFeed(c, c.req.param("slug")))
    .get(`/category/:slug/:type/:file${FEED_FILE}`, (c) => categoryFeed(c, c.req.param("slug"), c.req.param("type")))
    .get(`/tag/:slug/:file${FEED_FILE}`, (c) => tagFeed(c, c.req.param("slug")))
    .get("/sitemap.xml", async (c) => {
      const sitemap = await services.syndication.sitemap();
      const body = sitemap.kind === "urlset" ? urlset(sitemap.urls) : sitemapIndex(sitemap.files);
      return xml(c, body, sitemap.lastModified);
    })
    .get("/sitemap-news.xml", async (c) => {
      const [items, site] = await Promise.all([services.syndication.newsSitemap(), services.settings.getSettings()]);
      return xml(c, newsUrlset(items, site.siteName), newestOf(items.map((item) => item.updatedAt)));
    })
    .get("/:file{sitemap-[a-z]+-[0-9]+\\.xml}", async (c) => {
      const [, section, number] = /^sitemap-(pages|posts)-([1-9]\d*)\.xml$/.exec(c.req.param("file")) ?? [];
      const urls =
        section === "pages" || section === "posts"
          ? await services.syndication.sitemapFile(section, Number(number))
          : null;
      if (!urls) return c.text("Not found", 404);
      return xml(c, urlset(urls), newestOf(urls.map((url) => url.lastModified)));
    })
    .get(PUBLISHER_LOGO.path, async (c) => {
      const { png, lastModified } = await services.publisherLogo.logo();
      c.header("Cache-Control", "public, max-age=3600");
      if (lastModified) c.header("Last-Modified", lastModified.toUTCString());
      return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png" });
    })
    .get("/robots.txt", (c) => {
      const body = [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api/",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        `Sitemap: ${base}/sitemap-news.xml`,
        "",
      ].join("\n");
      c.header("Cache-Control", CACHE_CONTROL);
      return c.body(body, 200, { "Content-Type": "text/plain; charset=utf-8" });
    });
}
