import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PASSWORD_HASH } from "../../accounts";
import {
  categories,
  comments,
  importItems,
  pages,
  postCoauthors,
  posts,
  postTags,
  redirects,
  tags,
  types,
  users,
} from "../../db/schema";
import { TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { ImportInputError, type ImportReport } from "../model";

// The test's image server is on 127.0.0.1, which the importer refuses unless told otherwise.
const context = useTestApp({ env: { IMPORT_FETCH_PRIVATE_ADDRESSES: "true" } });
const fixture = readFileSync(path.join(import.meta.dirname, "fixtures", "magazine.xml"), "utf8");
const workDir = mkdtempSync(path.join(os.tmpdir(), "wxr-import-"));
const mediaDir = path.join(workDir, "uploads");
let server: Server;
let imageBase = "";
let imageRequests = 0;

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  const served = await png("#3366cc");
  server = createServer((request, response) => {
    imageRequests++;
    if (request.url === "/paris.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(served);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  imageBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mkdirSync(path.join(mediaDir, "2020", "05"), { recursive: true });
  writeFileSync(path.join(mediaDir, "2020", "05", "local.png"), await png("#cc3333"));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function writeExport(name: string, edit: (xml: string) => string = (xml) => xml): string {
  const file = path.join(workDir, name);
  writeFileSync(file, edit(fixture.replaceAll("IMAGE_BASE", imageBase)));
  return file;
}

function runImport(filePath: string, dryRun = false): Promise<ImportReport> {
  return context.app.services.siteImport.run({ source: "wordpress", filePath, dryRun, mediaDir });
}

async function postBySlug(slug: string) {
  const [post] = await context.database.db.select().from(posts).where(eq(posts.slug, slug));
  if (!post) throw new Error(`no post ${slug}`);
  return post;
}

async function tableCounts() {
  const db = context.database.db;
  const count = async (table: typeof posts | typeof pages | typeof comments | typeof redirects | typeof importItems) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  return {
    posts: await count(posts),
    pages: await count(pages),
    comments: await count(comments),
    redirects: await count(redirects),
    importItems: await count(importItems),
  };
}

describe("importing a WordPress export", () => {
  let first: ImportReport;

  it("imports posts, pages, authors, terms, comments, images and redirects", async () => {
    first = await runImport(writeExport("magazine.xml"));
    const db = context.database.db;
    expect(first.counts.post).toEqual({ created: 7, updated: 0, unchanged: 0, skipped: 1 });
    expect(first.counts.page).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 0 });
    expect(first.counts.comment).toMatchObject({ created: 2, skipped: 3 });
    expect(first.skipped).toEqual(
      expect.arrayContaining([
        { kind: "post", sourceId: "17", reason: "in the trash" },
        { kind: "nav_menu_item", sourceId: "18", reason: "a nav_menu_item (not a post or page)" },
        { kind: "comment", sourceId: "", reason: "pingback (1)" },
        { kind: "comment", sourceId: "", reason: "spam (1)" },
        { kind: "comment", sourceId: "", reason: "unapproved (1)" },
      ]),
    );

    const paris = await postBySlug("a-week-in-paris");
    const [travel] = await db.select().from(categories).where(eq(categories.id, paris.categoryId));
    const [cityBreaks] = await db
      .select()
      .from(types)
      .where(eq(types.id, paris.typeId ?? ""));
    expect(travel?.name).toBe("Travel");
    expect(cityBreaks).toMatchObject({ name: "City Breaks", categoryId: paris.categoryId });
    expect(paris).toMatchObject({
      title: "A week in Paris",
      excerpt: "Spring on the Seine.",
      isFeatured: true,
      isPublished: true,
      commentCount: 2,
    });
    expect(paris.publishedAt?.toISOString()).toBe("2020-05-01T10:00:00.000Z");
    expect(paris.images[0]).toMatch(/^\/media\//);
    expect(paris.imageAlts).toEqual(["The Seine"]);
    expect(paris.content).toContain("<strong>spring</strong>");
    expect(paris.content).not.toContain("wp:");
    expect(paris.content).toMatch(/<img src="\/media\/[^"]+" alt="The river"/);
    // The embed block is stored as the site's embed element (decision 077).
    expect(paris.content).toContain('data-embed="youtube" data-url="https://www.youtube.com/watch?v=abc-DEF_123"');
    const parisTags = await db
      .select({ name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, paris.id))
      .orderBy(asc(postTags.position));
    expect(parisTags.map((tag) => tag.name)).toEqual(["Food & Drink", "Paris"]);
    const thread = await db
      .select()
      .from(comments)
      .where(eq(comments.postId, paris.id))
      .orderBy(asc(comments.createdAt));
    expect(thread.map((comment) => [comment.authorName, comment.text])).toEqual([
      ["Reader One", "Lovely piece."],
      ["Ada Lovelace", "Thank you!"],
    ]);
    expect(thread[1]?.parentId).toBe(thread[0]?.id);
    expect(thread[0]?.createdAt.toISOString()).toBe("2020-05-03T10:00:00.000Z");

    const classic = await postBySlug("classic");
    const [uncategorized] = await db.select().from(categories).where(eq(categories.id, classic.categoryId));
    expect(uncategorized?.name).toBe("Uncategorized");
    expect(classic.createdAt.toISOString()).toBe("2019-01-15T09:00:00.000Z");
    expect(classic.content).toContain("<p>First paragraph<br />");
    expect(classic.content).toContain(`src="${imageBase}/missing.jpg"`);
    expect(classic.content).toContain("<em>A caption</em>");
    expect(classic.content.match(/src="\/media\//g)).toHaveLength(2);
    expect(classic.content).toContain('data-embed="vimeo" data-url="https://vimeo.com/123"');
    expect(classic.content).toContain("Video: clip.mp4");
    expect(classic.content).toContain("Audio: song.mp3");
    expect(classic.content).toContain('[contact-form-7 id="5"]');
    expect(first.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining("unknown shortcode [contact-form-7]")]),
    );
    expect(first.images).toMatchObject({
      fetched: 1,
      fromMediaDir: 1,
      missing: 1,
      missingUrls: [`${imageBase}/missing.jpg`],
    });

    const untitled = await db.select().from(posts).where(sql`${posts.title} like 'Words without a title%'`);
    expect(untitled).toHaveLength(1);
    expect(untitled[0]?.isPublished).toBe(false);
    const [dated] = await db.select().from(posts).where(eq(posts.title, "Untitled, 2021-03-04"));
    expect(dated?.isPublished).toBe(false);
    expect(first.mapped).toEqual(
      expect.arrayContaining([
        { kind: "post", from: "post 13", to: "private → draft" },
        { kind: "post", from: "post 15", to: "password-protected → draft" },
        { kind: "category", from: "Food & Drink", to: "tag Food & Drink" },
        { kind: "category", from: "City Breaks", to: "type City Breaks of category Travel" },
      ]),
    );
    const scheduled = await postBySlug("coming-soon");
    expect(scheduled.isPublished).toBe(false);
    expect(scheduled.scheduledAt?.toISOString()).toBe("2099-01-01T00:00:00.000Z");
    expect((await postBySlug("members-only")).isPublished).toBe(false);

    const cafe = await postBySlug("café-東京");
    const [tokyo] = await db.select().from(tags).where(eq(tags.name, "東京"));
    expect(tokyo?.slug).toBe("東京");
    const [unlisted] = await db
      .select()
      .from(users)
      .where(eq(users.id, cafe.authorId ?? ""));
    expect(unlisted).toMatchObject({ name: "a-writer-not-listed", role: "editor" });

    // The site's own Terms and Privacy pages are there from the start; these are the imported ones.
    const about = await db
      .select()
      .from(pages)
      .where(notInArray(pages.slug, ["terms", "privacy-policy"]))
      .orderBy(asc(pages.createdAt));
    expect(about.map((page) => page.slug)).toEqual(["about", "team", "search-2"]);
    expect(about[1]?.parentId).toBe(about[0]?.id);

    const fromPaths = (await db.select().from(redirects)).map((row) => [row.fromPath, row.toPath]);
    expect(fromPaths).toEqual(
      expect.arrayContaining([
        ["/blog/2020/05/a-week-in-paris", "/page/a-week-in-paris"],
        ["/2020/05/a-week-in-paris", "/page/a-week-in-paris"],
        ["/?p=10", "/page/a-week-in-paris"],
        ["/blog?p=10", "/page/a-week-in-paris"],
        ["/blog/2020/07/café-東京", `/page/${encodeURIComponent("café-東京")}`],
        ["/blog/about/team", "/team"],
        ["/?page_id=32", "/search-2"],
        ["/blog/category/travel", "/category/travel"],
        ["/category/city-breaks", "/category/travel/city-breaks"],
        ["/category/food", "/tag/food"],
        ["/blog/author/ada", "/author/ada"],
      ]),
    );
  });

  it("makes authors editors who cannot sign in until they set a password", async () => {
    const db = context.database.db;
    const [ada] = await db.select().from(users).where(eq(users.email, "ada@old.example.com"));
    expect(ada).toMatchObject({ name: "Ada Lovelace", role: "editor", slug: "ada", passwordHash: NO_PASSWORD_HASH });
    const agent = new TestAgent(context.app);
    for (const password of ["", NO_PASSWORD_HASH, "!", "anything"]) {
      const login = await agent.post("/api/users/login", { email: "ada@old.example.com", password });
      expect([400, 401]).toContain(login.status);
    }
    const coauthors = await db.select().from(postCoauthors);
    expect(coauthors).toEqual([]);
  });

  it("changes nothing when the same export is imported again", async () => {
    const before = await tableCounts();
    imageRequests = 0;
    const again = await runImport(writeExport("magazine.xml"));
    expect(again.counts.post).toEqual({ created: 0, updated: 0, unchanged: 7, skipped: 1 });
    expect(again.counts.page).toEqual({ created: 0, updated: 0, unchanged: 3, skipped: 0 });
    expect(again.counts.author).toMatchObject({ created: 0, updated: 0 });
    expect(await tableCounts()).toEqual(before);
    expect(imageRequests).toBe(0);
  });

  it("updates what changed and duplicates nothing", async () => {
    const before = await tableCounts();
    const changed = await runImport(
      writeExport("changed.xml", (xml) =>
        xml.replace("<title>A week in Paris</title>", "<title>Ten days in Paris</title>"),
      ),
    );
    expect(changed.counts.post).toMatchObject({ created: 0, updated: 1, unchanged: 6 });
    const paris = await postBySlug("a-week-in-paris");
    expect(paris.title).toBe("Ten days in Paris");
    expect(paris.commentCount).toBe(2);
    expect(await tableCounts()).toEqual(before);
  });

  it("reports on a dry run without writing anything", async () => {
    const before = await tableCounts();
    const dry = await runImport(
      writeExport("dry.xml", (xml) =>
        xml.replace(
          "</channel>",
          "<item><title>Brand new</title><wp:post_id>40</wp:post_id><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_name>brand-new</wp:post_name></item></channel>",
        ),
      ),
      true,
    );
    expect(dry.dryRun).toBe(true);
    expect(dry.counts.post).toMatchObject({ created: 1, unchanged: 6, updated: 1 });
    expect(await tableCounts()).toEqual(before);
    expect(await context.database.db.select().from(posts).where(eq(posts.slug, "brand-new"))).toEqual([]);
  });

  const badFiles: [string, string, RegExp][] = [
    [
      "billion laughs",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>&lol2;</title></channel></rss>`,
      /declares XML entities/,
    ],
    [
      "an external entity",
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>&x;</title></channel></rss>`,
      /declares XML entities/,
    ],
    ["broken XML", `${fixture.slice(0, 3000)}</wrong>`, /not well-formed XML \(line \d+, column \d+: /],
    [
      "an RSS feed",
      `<?xml version="1.0"?><rss version="2.0"><channel><title>A feed</title></channel></rss>`,
      /not a WordPress export/,
    ],
    ["a JSON file", `{"db": []}`, /not a WordPress export/],
  ];
  for (const [name, content, message] of badFiles) {
    it(`refuses ${name} and writes nothing`, async () => {
      const before = await tableCounts();
      const file = path.join(workDir, `bad-${name.replace(/\W+/g, "-")}.xml`);
      writeFileSync(file, content);
      const failure = await runImport(file).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ImportInputError);
      expect((failure as Error).message).toMatch(message);
      expect(await tableCounts()).toEqual(before);
    });
  }

  it("keeps one row per import item", async () => {
    const rows = await context.database.db
      .select({ kind: importItems.kind, n: sql<number>`count(*)::int` })
      .from(importItems)
      .where(and(eq(importItems.site, "wordpress:https://old.example.com/blog")))
      .groupBy(importItems.kind)
      .orderBy(asc(importItems.kind));
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.n]))).toEqual({ author: 3, media: 2, page: 3, post: 7 });
  });
});
