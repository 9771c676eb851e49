import { PUBLISHER_LOGO } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import Parser from "rss-parser";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_LISTS, POST_LISTS } from "../../caching";
import { media, posts } from "../../db/schema";
import { insertCategory, insertPost, insertType, insertUser } from "../../testing/fixtures";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

/*
 * The feeds as feed readers see them, read by a third-party parser (rss-parser, for RSS and
 * Atom) and against JSON Feed 1.1's required fields; the sitemap's dates; the Google News
 * sitemap; the publisher logo.
 */

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const BASE = "http://localhost:3000";
const HOUR = 3_600_000;

// rss-parser's item type leaves out what it reads from Atom entries (author, id).
type Item = Parser.Item & {
  author?: string;
  id?: string;
  "content:encoded"?: string;
  "media:content"?: { $: Record<string, string> };
};
const parser: Parser<Record<string, never>, Item> = new Parser({ customFields: { item: ["media:content"] } });

let image: { url: string; bytes: number; width: number; height: number };
let fresh: typeof posts.$inferSelect;
let old: typeof posts.$inferSelect;
let elsewhere: typeof posts.$inferSelect;
let draft: typeof posts.$inferSelect;
let author: { name: string; slug: string };
let desk: { id: string; slug: string };
let briefs: { slug: string };

/** A real image stored through the media service, so its record has a size in bytes. */
async function storedImage(uploaderId: string, color: string) {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
  const uploaded = await context.app.services.media.uploadImage(png, { uploaderId });
  const [row] = await context.database.db.select().from(media).where(eq(media.key, uploaded.key));
  if (!row) throw new Error("no media record");
  return { url: uploaded.url, bytes: row.size, width: row.width, height: row.height };
}

beforeAll(async () => {
  const db = context.database.db;
  const writer = await insertUser(db, { name: "Ada Feedwriter", slug: "ada-feedwriter" });
  author = { name: writer.name, slug: writer.slug };
  image = await storedImage(writer.id, "#336699");
  const category = await insertCategory(db, "Feed Desk");
  desk = category;
  const type = await insertType(db, category.id, "Briefs");
  briefs = type;
  const other = await insertCategory(db, "Other Desk");
  fresh = await insertPost(db, {
    title: "Fresh & hot",
    slug: "fresh-and-hot",
    authorId: writer.id,
    categoryId: category.id,
    typeId: type.id,
    content: `<p>See <a href="/category/feed-desk">the desk</a> and <a href="../author/ada-feedwriter">Ada</a>.</p><p><img src="${image.url}" alt="Chart"></p><script>alert(1)</script>`,
    images: [image.url],
    publishedAt: new Date(Date.now() - HOUR),
  });
  old = await insertPost(db, {
    title: "Three days old",
    slug: "three-days-old",
    authorId: writer.id,
    categoryId: category.id,
    content: "<p>Older news.</p>",
    images: [image.url],
    publishedAt: new Date(Date.now() - 72 * HOUR),
  });
  elsewhere = await insertPost(db, {
    title: "Pictured elsewhere",
    slug: "pictured-elsewhere",
    categoryId: other.id,
    content: "<p>No author here.</p>",
    images: ["https://images.example.org/photo.jpg"],
    publishedAt: new Date(Date.now() - 5 * HOUR),
  });
  draft = await insertPost(db, {
    title: "Draft in progress",
    slug: "draft-in-progress",
    categoryId: category.id,
    isPublished: false,
    publishedAt: null,
  });
  // The last update of each, set apart so each page's newest is known.
  await db.execute(sql`update posts set updated_at = now() - interval '2 hours' where id = ${fresh.id}`);
  await db.execute(sql`update posts set updated_at = now() - interval '30 minutes' where id = ${old.id}`);
  await db.execute(sql`update posts set updated_at = now() - interval '10 minutes' where id = ${elsewhere.id}`);
  await db.execute(sql`update posts set updated_at = now() where id = ${draft.id}`);
  for (const post of [fresh, old, elsewhere]) {
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id));
    if (row) Object.assign(post, row);
  }
  await context.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
});

const httpDate = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();
const newestOf = (...dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

describe(`RSS, Atom and JSON Feed read by feed readers, on ${testDatabaseKind()}`, () => {
  it("RSS: each item has its author, the whole sanitised body with absolute links, and the lead image with type and length", async () => {
    const response = await anonymous().get("/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = await parser.parseString(response.body);
    expect(feed.title).toBe("Broadsheet");
    expect(feed.items.map((item) => item.title)).toEqual(["Fresh & hot", "Pictured elsewhere", "Three days old"]);

    const [first, second] = feed.items;
    expect(first?.creator).toBe("Ada Feedwriter");
    expect(first?.link).toBe(`${BASE}/page/fresh-and-hot`);
    const body = first?.["content:encoded"] ?? "";
    expect(body).toContain(`<a href="${BASE}/category/feed-desk"`);
    expect(body).toContain(`<a href="${BASE}/author/ada-feedwriter"`);
    expect(body).toContain(`<img src="${BASE}${image.url}" alt="Chart" />`);
    expect(body).not.toContain("<script");
    expect(body).not.toContain("alert(1)");
    expect(first?.enclosure).toEqual({ url: `${BASE}${image.url}`, type: "image/webp", length: String(image.bytes) });
    expect(first?.["media:content"]?.$).toMatchObject({
      url: `${BASE}${image.url}`,
      fileSize: String(image.bytes),
      width: String(image.width),
      height: String(image.height),
    });

    // No author, and an image of another site: no enclosure, whose length would be a guess.
    expect(second?.creator).toBeUndefined();
    expect(second?.enclosure).toBeUndefined();
    expect(second?.["media:content"]?.$).toEqual({ url: "https://images.example.org/photo.jpg", medium: "image" });
  });

  it("Atom: entries carry their author, published and updated times, HTML content and the image as an enclosure link", async () => {
    const response = await anonymous().get("/atom.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await parser.parseString(response.body);
    expect(feed.title).toBe("Broadsheet");
    expect(feed.feedUrl).toBe(`${BASE}/atom.xml`);
    const entry = feed.items.find((item) => item.link === `${BASE}/page/fresh-and-hot`);
    expect(entry?.author).toBe("Ada Feedwriter");
    expect(entry?.id).toBe(`${BASE}/page/fresh-and-hot`);
    expect(entry?.pubDate).toBe(fresh.publishedAt?.toISOString());
    expect(entry?.content).toContain(`<img src="${BASE}${image.url}"`);
    expect(entry?.content).not.toContain("<script");
    expect(response.body).toContain(
      `<link rel="enclosure" href="${BASE}${image.url}" type="image/webp" length="${image.bytes}"/>`,
    );
    expect(feed.items).toHaveLength(3);
  });

  it("JSON Feed 1.1: the required fields, authors, content and the image as an attachment of known size", async () => {
    const response = await anonymous().get("/feed.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    const feed = JSON.parse(response.body);
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe("Broadsheet");
    expect(feed.feed_url).toBe(`${BASE}/feed.json`);
    expect(feed.home_page_url).toBe(`${BASE}/`);
    expect(feed.items).toHaveLength(3);
    for (const item of feed.items) {
      // Required of every item: an id, and content_html or content_text.
      expect(typeof item.id).toBe("string");
      expect(typeof item.content_html).toBe("string");
    }
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      id: `${BASE}/page/fresh-and-hot`,
      url: `${BASE}/page/fresh-and-hot`,
      title: "Fresh & hot",
      date_published: fresh.publishedAt?.toISOString(),
      date_modified: fresh.updatedAt.toISOString(),
      authors: [{ name: "Ada Feedwriter", url: `${BASE}/author/ada-feedwriter` }],
      image: `${BASE}${image.url}`,
      attachments: [{ url: `${BASE}${image.url}`, mime_type: "image/webp", size_in_bytes: image.bytes }],
    });
    expect(first.content_html).toContain(`href="${BASE}/category/feed-desk"`);
    expect(second.authors).toBeUndefined();
    expect(second.attachments).toBeUndefined();
    expect(second.image).toBe("https://images.example.org/photo.jpg");
  });

  it("has each feed per category and per type, and 404 for an unknown one", async () => {
    for (const file of ["rss.xml", "atom.xml"]) {
      const category = await parser.parseString((await anonymous().get(`/category/${desk.slug}/${file}`)).body);
      expect(category.items.map((item) => item.title)).toEqual(["Fresh & hot", "Three days old"]);
      const type = await parser.parseString(
        (await anonymous().get(`/category/${desk.slug}/${briefs.slug}/${file}`)).body,
      );
      expect(type.items.map((item) => item.title)).toEqual(["Fresh & hot"]);
      expect(type.title).toBe("Briefs in Feed Desk | Broadsheet");
    }
    const typeJson = JSON.parse((await anonymous().get(`/category/${desk.slug}/${briefs.slug}/feed.json`)).body);
    expect(typeJson.items.map((item: { title: string }) => item.title)).toEqual(["Fresh & hot"]);
    const json = JSON.parse((await anonymous().get(`/category/${desk.slug}/feed.json`)).body);
    expect(json.feed_url).toBe(`${BASE}/category/${desk.slug}/feed.json`);
    expect(json.home_page_url).toBe(`${BASE}/category/${desk.slug}`);
    expect(json.items.map((item: { title: string }) => item.title)).toEqual(["Fresh & hot", "Three days old"]);
    for (const path of [
      "/category/no-such-desk/atom.xml",
      "/category/no-such-desk/feed.json",
      `/category/${desk.slug}/no-such-type/feed.json`,
      `/category/${desk.slug}/other.json`,
    ]) {
      expect((await anonymous().get(path)).status, path).toBe(404);
    }
  });

  it("answers Last-Modified: the newest update of a post it shows, never a draft's", async () => {
    const site = httpDate(newestOf(fresh.updatedAt, old.updatedAt, elsewhere.updatedAt));
    for (const path of ["/rss.xml", "/atom.xml", "/feed.json"]) {
      expect((await anonymous().get(path)).headers.get("last-modified"), path).toBe(site);
    }
    const category = httpDate(newestOf(fresh.updatedAt, old.updatedAt));
    for (const file of ["rss.xml", "atom.xml", "feed.json"]) {
      expect((await anonymous().get(`/category/${desk.slug}/${file}`)).headers.get("last-modified")).toBe(category);
    }
    expect((await anonymous().get(`/category/${desk.slug}/${briefs.slug}/rss.xml`)).headers.get("last-modified")).toBe(
      httpDate(fresh.updatedAt),
    );
  });

  it("lets a feed reader ask conditionally: 304 when nothing shown changed since, the feed when something did", async () => {
    for (const path of ["/rss.xml", "/atom.xml", "/feed.json", "/sitemap.xml", "/sitemap-news.xml"]) {
      const lastModified = (await anonymous().get(path)).headers.get("last-modified") ?? "";
      expect(lastModified, path).not.toBe("");
      const unchanged = await anonymous().get(path, { "if-modified-since": lastModified });
      expect(unchanged.status, path).toBe(304);
      expect(unchanged.body, path).toBe("");
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await anonymous().get(path, { "if-modified-since": earlier })).status, path).toBe(200);
    }
  });
});

describe(`the sitemap's dates, on ${testDatabaseKind()}`, () => {
  const lastmods = async () => {
    const response = await anonymous().get("/sitemap.xml");
    const urls = [...response.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
    expect(urls.length).toBe((response.body.match(/<url>/g) ?? []).length);
    return { response, dates: new Map(urls.map(([, loc, lastmod]) => [loc, lastmod])) };
  };

  it("gives every URL the newest change it shows, and the sitemap that Last-Modified", async () => {
    const { response, dates } = await lastmods();
    for (const [loc, lastmod] of dates) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    const newest = newestOf(fresh.updatedAt, old.updatedAt, elsewhere.updatedAt);
    expect(dates.get(`${BASE}/`)).toBe(newest.toISOString());
    expect(dates.get(`${BASE}/category/${desk.slug}`)).toBe(newestOf(fresh.updatedAt, old.updatedAt).toISOString());
    expect(dates.get(`${BASE}/category/${desk.slug}/${briefs.slug}`)).toBe(fresh.updatedAt.toISOString());
    expect(dates.get(`${BASE}/author/${author.slug}`)).toBe(newestOf(fresh.updatedAt, old.updatedAt).toISOString());
    expect(dates.get(`${BASE}/page/${elsewhere.slug}`)).toBe(elsewhere.updatedAt.toISOString());
    // The legal pages' text says when it last changed, until the settings they show change.
    expect(dates.get(`${BASE}/terms`)).toBe("2026-11-22T00:00:00.000Z");
    expect(dates.get(`${BASE}/privacy-policy`)).toBe("2026-11-22T00:00:00.000Z");
    expect(dates.has(`${BASE}/search`)).toBe(false);
    expect(response.headers.get("last-modified")).toBe(httpDate(newest));
  });

  it("dates the legal pages by the settings once an admin changes them later", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const saved = await admin.agent.patch("/api/settings", { contactPhone: "+44 20 7946 0000" });
    expect(saved.status).toBe(200);
    const { dates } = await lastmods();
    const settingsTime = new Date(saved.body.updatedAt).toISOString();
    // Later than the text's own date, so it is the newer change.
    expect(Date.parse(settingsTime)).toBeGreaterThan(Date.parse("2026-11-22T00:00:00Z"));
    expect(dates.get(`${BASE}/terms`)).toBe(settingsTime);
    expect(dates.get(`${BASE}/privacy-policy`)).toBe(settingsTime);
  });
});

describe(`GET /sitemap-news.xml on ${testDatabaseKind()}`, () => {
  it("lists the posts published in the last 48 hours in the News sitemap format, not older ones or drafts", async () => {
    const response = await anonymous().get("/sitemap-news.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = response.body;
    expect(body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:news="http:\/\/www.google.com\/schemas\/sitemap-news\/0.9">/,
    );
    const urls = [...body.matchAll(/<url>(.*?)<\/url>/g)].map(([, url]) => url);
    expect(urls).toEqual([
      `<loc>${BASE}/page/fresh-and-hot</loc><news:news><news:publication><news:name>Broadsheet</news:name><news:language>en</news:language></news:publication><news:publication_date>${fresh.publishedAt?.toISOString()}</news:publication_date><news:title>Fresh &amp; hot</news:title></news:news>`,
      `<loc>${BASE}/page/pictured-elsewhere</loc><news:news><news:publication><news:name>Broadsheet</news:name><news:language>en</news:language></news:publication><news:publication_date>${elsewhere.publishedAt?.toISOString()}</news:publication_date><news:title>Pictured elsewhere</news:title></news:news>`,
    ]);
    expect(body).not.toContain(old.slug);
    expect(body).not.toContain(draft.slug);
    expect(response.headers.get("last-modified")).toBe(httpDate(newestOf(fresh.updatedAt, elsewhere.updatedAt)));
  });

  it("is named in robots.txt beside the main sitemap", async () => {
    const lines = (await anonymous().get("/robots.txt")).body.split("\n");
    expect(lines.filter((line: string) => line.startsWith("Sitemap:"))).toEqual([
      `Sitemap: ${BASE}/sitemap.xml`,
      `Sitemap: ${BASE}/sitemap-news.xml`,
    ]);
  });
});

describe(`GET ${PUBLISHER_LOGO.path} on ${testDatabaseKind()}`, () => {
  it("is a PNG of the promised size, from the default mark and then from the logo an admin sets", async () => {
    const fetchLogo = async () => {
      const response = await context.app.request(PUBLISHER_LOGO.path);
      return { response, png: Buffer.from(await response.arrayBuffer()) };
    };
    const { response: first, png: mark } = await fetchLogo();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await sharp(mark).metadata()).toMatchObject({ format: "png", width: 512, height: 512 });
    // The default mark's brand red fills its middle.
    const { data } = await sharp(mark).extract({ left: 256, top: 30, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([...data]).toEqual([0xc8, 0x10, 0x2e, 0xff]);

    const admin = await signUp(context.app, { role: "admin" });
    const logo = await storedImage(admin.user._id, "#00ff00");
    const saved = await admin.agent.patch("/api/settings", { logo: logo.url });
    expect(saved.status).toBe(200);
    const { response: second, png } = await fetchLogo();
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 512, height: 512 });
    // A 300×200 logo fitted in: green in the middle, transparent above and below.
    const pixel = async (top: number) =>
      [...(await sharp(png).extract({ left: 256, top, width: 1, height: 1 }).raw().toBuffer())].slice(0, 4);
    const [red = 255, green = 0, blue = 255, alpha = 0] = await pixel(256);
    // WebP is lossy: within a few levels of pure green.
    expect(red).toBeLessThan(8);
    expect(blue).toBeLessThan(8);
    expect(green).toBeGreaterThan(247);
    expect(alpha).toBe(255);
    expect((await pixel(10))[3]).toBe(0);
    expect(second.headers.get("last-modified")).toBe(httpDate(new Date(saved.body.updatedAt)));
  });
});
