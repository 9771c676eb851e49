import { PUBLISHER_LOGO } from "@broadsheet/domain";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../testing/fixtures";
import { signUp, type TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * What link previews, search engines and feed readers read in a page's head: Open Graph and
 * article tags, the X card, the publisher in JSON-LD, and the feeds each page advertises.
 */

const context = useTestApp({ pages: true });
const BASE = "http://localhost:3000";

const page = async (path: string) => {
  const response = await context.app.request(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The content of every <meta> whose `attribute` (property or name) is `key`. */
const metaOf = (html: string, attribute: "property" | "name", key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attribute}="${escapeRegExp(key)}" content="([^"]*)"`, "g"))].map(
    ([, content]) => content,
  );
const alternatesOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]*" href="([^"]+)"\/>/g)].map(([, type, href]) => ({
    type,
    href,
  }));
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(([, json]) =>
    JSON.parse(json ?? "null"),
  );

const SITE_FEEDS = [
  { type: "application/rss+xml", href: `${BASE}/rss.xml` },
  { type: "application/atom+xml", href: `${BASE}/atom.xml` },
  { type: "application/feed+json", href: `${BASE}/feed.json` },
];

let admin: { agent: TestAgent };
let post: { _id: string; slug: string; updatedAt: string; publishedAt: string; authorSlug: string };
let category: { slug: string };
const IMAGE = { width: 640, height: 360 };

beforeAll(async () => {
  admin = await signUp(context.app, { role: "admin" });
  const editor = await signUp(context.app, { role: "editor", name: "Grace Metawriter" });
  const png = await sharp({ create: { ...IMAGE, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();
  const uploaded = await context.app.services.media.uploadImage(png, { uploaderId: editor.user._id });
  category = await insertCategory(context.database.db, "Meta Desk");
  const created = await editor.agent.post("/api/posts", {
    title: "Tags for every preview",
    category: category.slug,
    content: "<p>What the card shows.</p>",
    image: [uploaded.url],
  });
  expect(created.status).toBe(201);
  post = created.body;
});

describe(`social and structured metadata on ${testDatabaseKind()}`, () => {
  it("gives a post its image's real size, its times, its author's page and the publisher's raster logo", async () => {
    const html = await page(`/page/${post.slug}`);
    expect(metaOf(html, "property", "og:image")).toHaveLength(1);
    expect(metaOf(html, "property", "og:image:width")).toEqual([String(IMAGE.width)]);
    expect(metaOf(html, "property", "og:image:height")).toEqual([String(IMAGE.height)]);
    expect(metaOf(html, "property", "article:published_time")).toEqual([post.publishedAt]);
    expect(metaOf(html, "property", "article:modified_time")).toEqual([post.updatedAt]);
    expect(metaOf(html, "property", "article:author")).toEqual([`${BASE}/author/${post.authorSlug}`]);
    expect(post.authorSlug).toMatch(/^grace-metawriter/);
    expect(metaOf(html, "name", "twitter:card")).toEqual(["summary_large_image"]);
    const article = jsonLdOf(html).find((data) => data["@type"] === "NewsArticle");
    expect(article?.publisher?.logo).toEqual({
      "@type": "ImageObject",
      url: `${BASE}${PUBLISHER_LOGO.path}`,
      width: 512,
      height: 512,
    });
    // The size it promises is the size served.
    const logo = await context.app.request(PUBLISHER_LOGO.path);
    const size = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect({ width: size.width, height: size.height }).toEqual({ width: 512, height: 512 });
  });

  it("advertises the site's feeds on every reader page, and a category page its own as well", async () => {
    for (const path of ["/", `/page/${post.slug}`, `/author/${post.authorSlug}`, "/search", "/terms", "/login"]) {
      expect(alternatesOf(await page(path)), path).toEqual(SITE_FEEDS);
    }
    const categoryFeeds = alternatesOf(await page(`/category/${category.slug}`));
    // Its own first: a reader that takes the first feed of a category page follows the category.
    expect(categoryFeeds).toEqual([
      { type: "application/rss+xml", href: `${BASE}/category/${category.slug}/rss.xml` },
      { type: "application/atom+xml", href: `${BASE}/category/${category.slug}/atom.xml` },
      { type: "application/feed+json", href: `${BASE}/category/${category.slug}/feed.json` },
      ...SITE_FEEDS,
    ]);
    for (const feed of categoryFeeds) {
      const response = await context.app.request((feed.href ?? "").slice(BASE.length));
      expect(response.status, feed.href).toBe(200);
      expect(response.headers.get("content-type")).toBe(`${feed.type}; charset=utf-8`);
    }
  });

  it("names the site's X handle with twitter:site only once an admin sets one", async () => {
    const paths = ["/", `/page/${post.slug}`, `/category/${category.slug}`, `/author/${post.authorSlug}`];
    for (const path of paths) {
      const html = await page(path);
      expect(metaOf(html, "name", "twitter:site"), path).toEqual([]);
      expect(metaOf(html, "name", "twitter:card"), path).toHaveLength(1);
    }
    const refused = await admin.agent.patch("/api/settings", { twitterHandle: "broadsheet news" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "The X (Twitter) handle must be @ and up to 15 letters, digits or underscores, like @broadsheet",
    );
    const saved = await admin.agent.patch("/api/settings", { twitterHandle: " @Broadsheet_1 " });
    expect(saved.status).toBe(200);
    expect(saved.body.twitterHandle).toBe("@Broadsheet_1");
    for (const path of paths) expect(metaOf(await page(path), "name", "twitter:site"), path).toEqual(["@Broadsheet_1"]);

    expect((await admin.agent.patch("/api/settings", { twitterHandle: "" })).status).toBe(200);
    expect(metaOf(await page("/"), "name", "twitter:site")).toEqual([]);
  });

  it("has the handle in Admin → Settings under a visible label", async () => {
    const response = await context.app.request("/admin/settings", { headers: { cookie: admin.agent.cookie ?? "" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const label = /<label[^>]*for="([^"]+)"[^>]*>X \(Twitter\) handle<\/label>/.exec(html);
    expect(label).not.toBeNull();
    expect(html).toMatch(new RegExp(`<input[^>]*id="${escapeRegExp(label?.[1] ?? "")}"[^>]*name="twitterHandle"`));
  });

  it("lists in the sitemap no page that asks not to be indexed", async () => {
    const sitemap = await (await context.app.request("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? "");
    expect(locs).toContain(`${BASE}/page/${post.slug}`);
    expect(locs).toContain(`${BASE}/category/${category.slug}`);
    for (const loc of locs) {
      const html = await page(loc.slice(BASE.length) || "/");
      expect(html, loc).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    }
    // The check can fail: the search page is noindex.
    expect(await page("/search")).toMatch(/<meta name="robots" content="[^"]*noindex/);
  });
});
