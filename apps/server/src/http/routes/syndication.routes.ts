import { Hono } from "hono";
import type { Config } from "../../config";
import type { Services } from "../../services";
import type { AppEnv } from "../app-env";

/* /rss.xml, /sitemap.xml and /robots.txt (DESIGN.md §7), outside /api so crawlers find them at the root. */

const CACHE_CONTROL = "public, max-age=300";
const SITE_NAME = "Broadsheet";
const SITE_DESCRIPTION = "The latest news from Broadsheet";
// Static pages of SPEC.md §2 that a crawler should know about.
const STATIC_PATHS = ["/", "/search", "/privacy-policy", "/terms"];

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

export function syndicationRoutes(services: Services, config: Config) {
  const base = config.publicUrl;
  const postUrl = (slug: string) => `${base}/page/${encodeURIComponent(slug)}`;

  return new Hono<AppEnv>()
    .get("/rss.xml", async (c) => {
      const items = await services.syndication.latestPosts();
      const lastBuild = items[0]?.publishedAt ?? new Date();
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        "<channel>",
        element("title", SITE_NAME),
        element("link", base),
        element("description", SITE_DESCRIPTION),
        element("language", "en"),
        element("lastBuildDate", lastBuild.toUTCString()),
        `<atom:link href="${escapeXml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
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
    })
    .get("/sitemap.xml", async (c) => {
      const data = await services.syndication.sitemap();
      const url = (loc: string, lastModified?: Date) =>
        `<url>${element("loc", loc)}${lastModified ? element("lastmod", lastModified.toISOString()) : ""}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PATHS.map((path) => url(`${base}${path}`)),
        ...data.categories.map((name) => url(`${base}/search?category=${encodeURIComponent(name)}`)),
        ...data.posts.map((post) => url(postUrl(post.slug), post.lastModified)),
        "</urlset>",
        "",
      ].join("\n");
      c.header("Cache-Control", CACHE_CONTROL);
      return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8" });
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
