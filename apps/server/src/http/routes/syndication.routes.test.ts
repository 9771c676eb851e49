import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import { CATEGORY_LISTS, POST_LISTS } from "../../caching";
import { createSyndicationService } from "../../syndication";
import { insertCategory, insertPost } from "../../testing/fixtures";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";
import type { AppEnv } from "../app-env";
import { syndicationRoutes } from "./syndication.routes";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const BASE = "http://localhost:3000";

/*
 * A small strict XML reader, enough for RSS and sitemaps: one root element, balanced and
 * properly nested tags, quoted attributes, no raw "<" or stray "&" in text, and only the
 * predefined or numeric entities. It throws on anything else.
 */
interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeText(raw: string, where: string): string {
  if (raw.includes("<")) throw new Error(`raw "<" in ${where}`);
  return raw.replace(/&([^;\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new Error(`unterminated entity "${whole}" in ${where}`);
    if (name in ENTITIES) return ENTITIES[name] ?? "";
    const numeric = /^#(\d+)$/.exec(name) ?? /^#x([0-9a-f]+)$/i.exec(name);
    if (numeric?.[1]) return String.fromCodePoint(Number.parseInt(numeric[1], name[1] === "x" ? 16 : 10));
    throw new Error(`unknown entity "${whole}" in ${where}`);
  });
}

function parseXml(xml: string): XmlElement {
  let rest = xml;
  const declaration = /^<\?xml\s+version="1\.0"\s+encoding="UTF-8"\s*\?>\s*/.exec(rest);
  if (!declaration) throw new Error("missing the XML declaration");
  rest = rest.slice(declaration[0].length);

  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const NAME = "[A-Za-z_][\\w.:-]*";
  const openTag = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"<]*")*)\\s*(/?)>`);
  const closeTag = new RegExp(`^</(${NAME})\\s*>`);
  const attribute = new RegExp(`(${NAME})\\s*=\\s*"([^"<]*)"`, "g");

  while (rest.length > 0) {
    if (rest.startsWith("</")) {
      const match = closeTag.exec(rest);
      if (!match) throw new Error(`bad closing tag near ${rest.slice(0, 40)}`);
      const open = stack.pop();
      if (!open || open.name !== match[1]) throw new Error(`</${match[1]}> closes <${open?.name ?? "nothing"}>`);
      rest = rest.slice(match[0].length);
    } else if (rest.startsWith("<")) {
      const match = openTag.exec(rest);
      if (!match?.[1]) throw new Error(`bad tag near ${rest.slice(0, 40)}`);
      const element: XmlElement = { name: match[1], attributes: {}, children: [], text: "" };
      for (const [, name, value] of (match[2] ?? "").matchAll(attribute)) {
        if (!name || name in element.attributes) throw new Error(`duplicate attribute ${name}`);
        element.attributes[name] = decodeText(value ?? "", `attribute ${name}`);
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error("more than one root element");
      else root = element;
      if (match[3] !== "/") stack.push(element);
      rest = rest.slice(match[0].length);
    } else {
      const end = rest.indexOf("<");
      const raw = end === -1 ? rest : rest.slice(0, end);
      const parent = stack.at(-1);
      if (!parent) {
        if (raw.trim()) throw new Error("text outside the root element");
      } else {
        parent.text += decodeText(raw, `<${parent.name}>`);
      }
      rest = end === -1 ? "" : rest.slice(end);
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);
const textOf = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;

describe("the strict XML reader used below", () => {
  it.each([
    ['<?xml version="1.0" encoding="UTF-8"?><a><b></a></b>'],
    ['<?xml version="1.0" encoding="UTF-8"?><a>Tom & Jerry</a>'],
    ['<?xml version="1.0" encoding="UTF-8"?><a>x</a><b/>'],
    ['<?xml version="1.0" encoding="UTF-8"?><a x=1/>'],
    ['<?xml version="1.0" encoding="UTF-8"?><a>&nbsp;</a>'],
    ["<a></a>"],
  ])("rejects %s", (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });

  it("accepts and decodes well-formed XML", () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a k="&quot;v&quot;"><b>1 &amp; 2 &lt; 3</b><c/></a>\n',
    );
    expect(root.attributes.k).toBe('"v"');
    expect(textOf(root, "b")).toBe("1 & 2 < 3");
  });
});

const FEED_POSTS = 55;
let arts: { id: string; name: string };
let tricky: { slug: string; title: string };
let long: { slug: string };
let draft: { slug: string };
let newest: { slug: string };
let oldest: { slug: string };

beforeAll(async () => {
  const db = context.database.db;
  arts = await insertCategory(db, "Arts & Culture");
  const base = Date.UTC(2024, 0, 1, 12, 0, 0);
  const hour = 3_600_000;
  tricky = await insertPost(db, {
    title: `Tom & Jerry <live> "on stage" at O'Hare \u0001`,
    slug: "tom-and-jerry-live",
    categoryId: arts.id,
    content: "<p>Cats &amp; mice <strong>meet</strong> at&nbsp;last.</p><script>alert('x')</script>",
    publishedAt: new Date(base + 100 * hour),
  });
  long = await insertPost(db, {
    slug: "a-long-read",
    categoryId: arts.id,
    content: `<p>${"word ".repeat(300)}</p>`,
    publishedAt: new Date(base + 99 * hour),
  });
  draft = await insertPost(db, {
    title: "Secret draft headline",
    slug: "secret-draft-zz",
    categoryId: arts.id,
    isPublished: false,
    publishedAt: null,
  });
  const bulk = [];
  for (let index = 0; index < FEED_POSTS; index += 1) {
    bulk.push(
      await insertPost(db, {
        slug: `bulk-${String(index).padStart(2, "0")}`,
        categoryId: arts.id,
        content: "<p>Bulk</p>",
        publishedAt: new Date(base + index * hour),
      }),
    );
  }
  newest = tricky;
  oldest = bulk[0] ?? tricky;
});

describe(`GET /rss.xml on ${testDatabaseKind()}`, () => {
  it("answers well-formed RSS 2.0 with the channel", async () => {
    const response = await anonymous().get("/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const rss = parseXml(response.body);
    expect(rss.name).toBe("rss");
    expect(rss.attributes.version).toBe("2.0");
    const [channel] = childrenNamed(rss, "channel");
    if (!channel) throw new Error("no channel");
    expect(textOf(channel, "title")).toBe("Broadsheet");
    expect(textOf(channel, "link")).toBe(BASE);
    expect(textOf(channel, "description")).toEqual(expect.any(String));
  });

  it("lists the latest 50 published posts, newest first, never a draft", async () => {
    const response = await anonymous().get("/rss.xml");
    const channel = childrenNamed(parseXml(response.body), "channel")[0];
    if (!channel) throw new Error("no channel");
    const items = childrenNamed(channel, "item");
    expect(items).toHaveLength(50);
    const links = items.map((item) => textOf(item, "link"));
    expect(links[0]).toBe(`${BASE}/page/${newest.slug}`);
    expect(links).not.toContain(`${BASE}/page/${oldest.slug}`);
    expect(response.body).not.toContain(draft.slug);
    expect(response.body).not.toContain("Secret draft headline");
    const times = items.map((item) => Date.parse(textOf(item, "pubDate") ?? ""));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("gives each item its title, absolute link, permalink guid, RFC 822 date, excerpt and category", async () => {
    const response = await anonymous().get("/rss.xml");
    const channel = childrenNamed(parseXml(response.body), "channel")[0];
    const item =
      channel && childrenNamed(channel, "item").find((entry) => textOf(entry, "link")?.endsWith(tricky.slug));
    if (!item) throw new Error("the tricky post is missing");
    // Escaped in the XML, the same characters once parsed (the control character dropped).
    expect(textOf(item, "title")).toBe(`Tom & Jerry <live> "on stage" at O'Hare `);
    expect(response.body).toContain("Tom &amp; Jerry &lt;live&gt;");
    expect(textOf(item, "link")).toBe(`${BASE}/page/${tricky.slug}`);
    const guid = childrenNamed(item, "guid")[0];
    expect(guid?.attributes.isPermaLink).toBe("true");
    expect(guid?.text).toBe(`${BASE}/page/${tricky.slug}`);
    expect(textOf(item, "pubDate")).toBe("Fri, 05 Jan 2024 16:00:00 GMT");
    expect(textOf(item, "pubDate")).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    expect(textOf(item, "description")).toBe("Cats & mice meet at last.");
    expect(textOf(item, "category")).toBe("Arts & Culture");
  });

  it("cuts long descriptions to at most 200 characters of plain text", async () => {
    const response = await anonymous().get("/rss.xml");
    const channel = childrenNamed(parseXml(response.body), "channel")[0];
    const item = channel && childrenNamed(channel, "item").find((entry) => textOf(entry, "link")?.endsWith(long.slug));
    const description = item && textOf(item, "description");
    expect(description).toMatch(/^word word .*…$/);
    expect(description?.length).toBeLessThanOrEqual(200);
    expect(description?.length).toBeGreaterThan(150);
    for (const entry of channel?.children.filter((child) => child.name === "item") ?? []) {
      expect((textOf(entry, "description") ?? "").length).toBeLessThanOrEqual(200);
      expect(textOf(entry, "description")).not.toMatch(/[<>]/);
    }
  });
});

describe("GET /sitemap.xml", () => {
  it("answers a well-formed urlset with the static pages, categories and every published post", async () => {
    const response = await anonymous().get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml; charset=utf-8$/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const urlset = parseXml(response.body);
    expect(urlset.name).toBe("urlset");
    expect(urlset.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = childrenNamed(urlset, "url");
    const locs = urls.map((url) => textOf(url, "loc") ?? "");
    for (const loc of locs) expect(loc.startsWith(`${BASE}/`)).toBe(true);
    expect(locs).toEqual(expect.arrayContaining([`${BASE}/`, `${BASE}/privacy-policy`, `${BASE}/terms`]));
    // The search page is noindex: not for the sitemap.
    expect(locs).not.toContain(`${BASE}/search`);
    expect(locs).toContain(`${BASE}/category/arts-culture`);
    expect(locs).toContain(`${BASE}/page/${oldest.slug}`);
    expect(locs).toContain(`${BASE}/page/${tricky.slug}`);
    expect(locs.filter((loc) => loc.includes("/page/"))).toHaveLength(FEED_POSTS + 2);
    expect(response.body).not.toContain(draft.slug);
    // No raw "&" anywhere: every one is an entity.
    expect(response.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("gives posts a lastmod date", async () => {
    const response = await anonymous().get("/sitemap.xml");
    const post = childrenNamed(parseXml(response.body), "url").find((url) => textOf(url, "loc")?.endsWith(tricky.slug));
    expect(textOf(post ?? ({} as XmlElement), "lastmod") ?? "").toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it("lists category pages by slug, however the name is spelt", async () => {
    await insertCategory(context.database.db, "Q&A");
    // Inserted behind the API's back: clear the caches as a content write does.
    await context.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
    const response = await anonymous().get("/sitemap.xml");
    expect(response.body).toContain(`<loc>${BASE}/category/q-a</loc>`);
    parseXml(response.body);
  });
});

describe("GET /robots.txt", () => {
  it("allows everything but the admin area and the API, and names the sitemap", async () => {
    const response = await anonymous().get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const lines = (response.body as string).split("\n").map((line) => line.trim());
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toHaveLength(2);
  });
});

describe("when PUBLIC_URL differs", () => {
  const other = useTestApp({ env: { PUBLIC_URL: "https://news.example.org/" } });

  it("builds every link from it", async () => {
    const agent = new TestAgent(other.app);
    expect((await agent.get("/robots.txt")).body).toContain("Sitemap: https://news.example.org/sitemap.xml");
    const rss = parseXml((await agent.get("/rss.xml")).body);
    expect(textOf(rss.children[0] ?? rss, "link")).toBe("https://news.example.org");
    const sitemap = parseXml((await agent.get("/sitemap.xml")).body);
    expect(textOf(sitemap.children[0] ?? sitemap, "loc")).toBe("https://news.example.org/");
  });
});

describe("the sitemap and RSS come from the read cache, which content writes clear", () => {
  const fresh = useTestApp();
  const IMAGE = `/media/${"c".repeat(64)}.webp`;
  const locsOf = async (agent: TestAgent) =>
    childrenNamed(parseXml((await agent.get("/sitemap.xml")).body), "url").map((url) => textOf(url, "loc"));
  const titlesOf = async (agent: TestAgent) => {
    const channel = childrenNamed(parseXml((await agent.get("/rss.xml")).body), "channel")[0];
    return channel ? childrenNamed(channel, "item").map((item) => textOf(item, "title")) : [];
  };

  it("answers again without the database until a write: a post inserted behind the app's back does not show", async () => {
    const agent = new TestAgent(fresh.app);
    const category = await insertCategory(fresh.database.db, "Cached Desk");
    await fresh.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
    expect(await locsOf(agent)).toContain(`${BASE}/category/cached-desk`);
    expect(await titlesOf(agent)).toEqual([]);
    // The same object until a write, so its XML is built once.
    const { syndication } = fresh.app.services;
    expect(await syndication.sitemap()).toBe(await syndication.sitemap());
    expect(await syndication.latestPosts()).toBe(await syndication.latestPosts());
    const hidden = await insertPost(fresh.database.db, { title: "Behind the back", categoryId: category.id });
    expect(await locsOf(agent)).not.toContain(`${BASE}/page/${hidden.slug}`);
    expect(await titlesOf(agent)).not.toContain("Behind the back");
    await fresh.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
    expect(await locsOf(agent)).toContain(`${BASE}/page/${hidden.slug}`);
    expect(await titlesOf(agent)).toContain("Behind the back");
  });

  it("shows a post published, edited, unpublished and deleted through the API in the next sitemap and RSS", async () => {
    const agent = new TestAgent(fresh.app);
    const editor = await signUp(fresh.app, { role: "editor" });
    await insertCategory(fresh.database.db, "Live Desk");
    // Both cached before the write.
    await locsOf(agent);
    await titlesOf(agent);

    const created = await editor.agent.post("/api/posts", {
      title: "Hot off the press",
      category: "Live Desk",
      content: "<p>Fresh.</p>",
      image: [IMAGE],
    });
    expect(created.status).toBe(201);
    const loc = `${BASE}/page/${created.body.slug}`;
    expect(await locsOf(agent)).toContain(loc);
    expect(await titlesOf(agent)).toContain("Hot off the press");

    const edited = await editor.agent.patch(`/api/posts/${created.body._id}`, {
      title: "Hot off the press, corrected",
      category: "Live Desk",
      content: "<p>Fresh.</p>",
      image: [IMAGE],
    });
    expect(edited.status).toBe(200);
    expect(await titlesOf(agent)).toContain("Hot off the press, corrected");
    expect(await titlesOf(agent)).not.toContain("Hot off the press");

    expect((await editor.agent.patch(`/api/posts/${created.body._id}/publish`)).body.isPublished).toBe(false);
    expect(await locsOf(agent)).not.toContain(loc);
    expect(await titlesOf(agent)).not.toContain("Hot off the press, corrected");

    expect((await editor.agent.patch(`/api/posts/${created.body._id}/publish`)).body.isPublished).toBe(true);
    expect(await locsOf(agent)).toContain(loc);

    expect((await editor.agent.delete(`/api/posts/${created.body._id}`)).status).toBe(200);
    expect(await locsOf(agent)).not.toContain(loc);
    expect(await titlesOf(agent)).not.toContain("Hot off the press, corrected");
  });
});

describe(`a sitemap index past the URLs one file may hold, on ${testDatabaseKind()}`, () => {
  const indexed = useTestApp();
  const POSTS = 23;
  const PER_FILE = 3;
  let draftSlug = "";

  beforeAll(async () => {
    const db = indexed.database.db;
    const news = await insertCategory(db, "News & Views");
    await insertCategory(db, "Sport");
    const base = Date.UTC(2024, 5, 1);
    for (let index = 0; index < POSTS; index += 1) {
      // Groups of four share one publication time, so files break ties on the id.
      await insertPost(db, {
        slug: `indexed-${String(index).padStart(2, "0")}`,
        categoryId: news.id,
        publishedAt: new Date(base + Math.floor(index / 4) * 3_600_000),
      });
    }
    // Times with microseconds, which a JavaScript Date cannot hold: the files must still meet exactly.
    await db.execute(
      sql`update posts set published_at = published_at + interval '0.000321 seconds' where slug like 'indexed-1%'`,
    );
    draftSlug = (await insertPost(db, { categoryId: news.id, isPublished: false, publishedAt: null })).slug;
  });

  /** The syndication routes over a service with `perFile` URLs per sitemap file, on this describe's database. */
  const sitemapApp = (perFile: number) => {
    const services = indexed.app.services;
    const syndication = createSyndicationService(indexed.database.db, services.publicPages.reads, {
      sitemapUrlsPerFile: perFile,
    });
    // Mounted like app.ts does, with its error handler.
    return new TestAgent(
      new Hono<AppEnv>().route("/", syndicationRoutes({ ...services, syndication }, indexed.config)) as unknown as App,
    );
  };

  const urlsOf = (xml: string) =>
    childrenNamed(parseXml(xml), "url").map((url) => ({
      loc: textOf(url, "loc") ?? "",
      lastmod: textOf(url, "lastmod"),
    }));

  it("stays one urlset while every URL fits in one file, and becomes an index one URL later", async () => {
    indexed.app.services.publicPages.reads.invalidateAll();
    const total = 3 + 2 + POSTS;
    const whole = await sitemapApp(total).get("/sitemap.xml");
    expect(parseXml(whole.body).name).toBe("urlset");
    expect(urlsOf(whole.body)).toHaveLength(total);
    indexed.app.services.publicPages.reads.invalidateAll();
    const split = await sitemapApp(total - 1).get("/sitemap.xml");
    expect(parseXml(split.body).name).toBe("sitemapindex");
    indexed.app.services.publicPages.reads.invalidateAll();
  });

  it("lists child files of at most N URLs each, which together hold exactly the URLs of the plain sitemap", async () => {
    const everything = urlsOf((await new TestAgent(indexed.app).get("/sitemap.xml")).body);
    expect(everything).toHaveLength(3 + 2 + POSTS);
    indexed.app.services.publicPages.reads.invalidateAll();

    const agent = sitemapApp(PER_FILE);
    const response = await agent.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const index = parseXml(response.body);
    expect(index.name).toBe("sitemapindex");
    expect(index.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const files = childrenNamed(index, "sitemap").map((file) => ({
      loc: textOf(file, "loc") ?? "",
      lastmod: textOf(file, "lastmod"),
    }));
    const postFiles = Math.ceil(POSTS / PER_FILE);
    expect(files.map((file) => file.loc)).toEqual([
      `${BASE}/sitemap-pages-1.xml`,
      `${BASE}/sitemap-pages-2.xml`,
      ...Array.from({ length: postFiles }, (_, index) => `${BASE}/sitemap-posts-${index + 1}.xml`),
    ]);

    const listed: { loc: string; lastmod: string | undefined }[] = [];
    for (const file of files) {
      const child = await agent.get(file.loc.slice(BASE.length));
      expect(child.status).toBe(200);
      expect(child.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(parseXml(child.body).name).toBe("urlset");
      const urls = urlsOf(child.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(PER_FILE);
      if (file.loc.includes("-posts-")) {
        // A file of posts is as recent as its latest change.
        const latest = Math.max(...urls.map((url) => Date.parse(url.lastmod ?? "")));
        expect(Date.parse(file.lastmod ?? "")).toBe(latest);
      }
      listed.push(...urls);
    }
    // The same URLs in the same order (newest post first), none twice, none missing, no draft.
    expect(listed).toEqual(everything);
    expect(new Set(listed.map((url) => url.loc)).size).toBe(listed.length);
    expect(listed.some((url) => url.loc.includes(draftSlug))).toBe(false);
    expect(listed.map((url) => url.loc)).toContain(`${BASE}/category/news-views`);
  });

  it("answers 404 for a child file that does not exist", async () => {
    const agent = sitemapApp(PER_FILE);
    const postFiles = Math.ceil(POSTS / PER_FILE);
    for (const path of [
      `/sitemap-posts-${postFiles + 1}.xml`,
      "/sitemap-posts-0.xml",
      "/sitemap-posts-01.xml",
      "/sitemap-pages-3.xml",
      "/sitemap-other-1.xml",
      "/sitemap-posts-99999999999999999999.xml",
    ]) {
      expect((await agent.get(path)).status, path).toBe(404);
    }
    // Nor while everything fits in /sitemap.xml.
    indexed.app.services.publicPages.reads.invalidateAll();
    expect((await new TestAgent(indexed.app).get("/sitemap-posts-1.xml")).status).toBe(404);
    indexed.app.services.publicPages.reads.invalidateAll();
  });

  it("serves child files from the read cache, and shows a new post after a content write", async () => {
    const agent = sitemapApp(PER_FILE);
    const first = (await agent.get("/sitemap-posts-1.xml")).body;
    const news = await insertCategory(indexed.database.db, "Late News");
    const late = await insertPost(indexed.database.db, { slug: "indexed-latest", categoryId: news.id });
    expect((await agent.get("/sitemap-posts-1.xml")).body).toBe(first);
    await indexed.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
    const locs = urlsOf((await agent.get("/sitemap-posts-1.xml")).body).map((url) => url.loc);
    expect(locs[0]).toBe(`${BASE}/page/${late.slug}`);
  });
});
