import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  categories,
  importItems,
  newsletters,
  pages,
  postCoauthors,
  posts,
  postTags,
  redirects,
  subscriberNewsletters,
  subscribers,
  tags,
  users,
} from "../../db/schema";
import { useTestApp } from "../../testing/test-app";
import { ImportInputError, type ImportReport } from "../model";

const UNREACHABLE = "http://127.0.0.1:9";
const context = useTestApp();
const workDir = mkdtempSync(path.join(os.tmpdir(), "ghost-import-"));

/** A fixture with its image hosts pointed at a closed local port: the test never goes out to the network. */
function fixture(name: string): string {
  const file = path.join(workDir, name);
  const json = readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
  writeFileSync(file, json.replace(/https:\/\/(static\.ghost\.org|cdn\.example\.net)/g, UNREACHABLE));
  return file;
}

function runImport(filePath: string, dryRun = false): Promise<ImportReport> {
  return context.app.services.siteImport.run({ source: "ghost", filePath, dryRun });
}

async function postBySlug(slug: string) {
  const [post] = await context.database.db.select().from(posts).where(eq(posts.slug, slug));
  if (!post) throw new Error(`no post ${slug}`);
  return post;
}

async function tableCounts() {
  const db = context.database.db;
  const count = async (
    table: typeof posts | typeof pages | typeof redirects | typeof importItems | typeof subscribers,
  ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  return {
    posts: await count(posts),
    pages: await count(pages),
    redirects: await count(redirects),
    importItems: await count(importItems),
    members: await count(subscribers),
  };
}

describe("importing a Ghost export", () => {
  it("imports posts, pages, tags, the primary tag as category, co-authors, redirects and members", async () => {
    const report = await runImport(fixture("ghost-v5.json"));
    const db = context.database.db;
    expect(report.site).toBe("The Harbour Gazette");
    expect(report.counts.post).toEqual({ created: 5, updated: 0, unchanged: 0, skipped: 0 });
    expect(report.counts.page).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    expect(report.counts.member).toMatchObject({ created: 3 });

    const welcome = await postBySlug("welcome-to-the-harbour");
    expect(welcome).toMatchObject({
      title: "Welcome to the Harbour",
      excerpt: "The boats are in, and so is the news.",
      isFeatured: true,
      isPublished: true,
    });
    expect(welcome.publishedAt?.toISOString()).toBe("2023-11-01T12:00:00.000Z");
    const [news] = await db.select().from(categories).where(eq(categories.id, welcome.categoryId));
    expect(news?.name).toBe("News");
    const welcomeTags = await db
      .select({ name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(postTags.postId, welcome.id))
      .orderBy(asc(postTags.position));
    expect(welcomeTags.map((tag) => tag.name)).toEqual(["Harbour Life"]);
    expect(await db.select().from(tags).where(eq(tags.name, "#feature"))).toEqual([]);

    const [marta] = await db.select().from(users).where(eq(users.email, "marta@example.com"));
    const [tomas] = await db.select().from(users).where(eq(users.email, "tomas@example.com"));
    expect(marta).toMatchObject({ name: "Marta Quay", slug: "marta" });
    expect(welcome.authorId).toBe(marta?.id);
    const coauthors = await db.select().from(postCoauthors).where(eq(postCoauthors.postId, welcome.id));
    expect(coauthors.map((row) => row.userId)).toEqual([tomas?.id]);

    const tide = await postBySlug("tomorrows-tide");
    expect(tide.isPublished).toBe(false);
    expect(tide.scheduledAt?.toISOString()).toBe("2030-01-01T09:00:00.000Z");
    const [weather] = await db.select().from(categories).where(eq(categories.id, tide.categoryId));
    expect(weather?.name).toBe("Weather");

    const notes = await postBySlug("unfinished-notes");
    expect(notes.isPublished).toBe(false);
    expect(notes.content).toContain("<p>First paragraph.</p>");
    expect((await postBySlug("for-subscribers")).isPublished).toBe(false);
    expect((await postBySlug("november-letter")).isPublished).toBe(false);
    expect(report.mapped).toEqual(
      expect.arrayContaining([
        { kind: "post", from: "post p5", to: "published for paid only → draft" },
        { kind: "post", from: "post p6", to: "sent as a newsletter only → draft" },
      ]),
    );
    expect(report.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining("post p3: no HTML in the export")]),
    );

    const [about] = await db.select().from(pages).where(eq(pages.slug, "about"));
    expect(about).toMatchObject({ title: "About us" });

    const fromPaths = (await db.select().from(redirects)).map((row) => [row.fromPath, row.toPath]);
    expect(fromPaths).toEqual(
      expect.arrayContaining([
        ["/welcome-to-the-harbour", "/page/welcome-to-the-harbour"],
        ["/tomorrows-tide", "/page/tomorrows-tide"],
        ["/tag/news", "/category/news"],
      ]),
    );

    // Members become subscribers: the subscribed ones get the default newsletter.
    const members = await db.select().from(subscribers).orderBy(asc(subscribers.email));
    expect(members.map((member) => [member.email, member.name, member.status, member.source])).toEqual([
      ["ada@example.com", "Ada Reader", "subscribed", "ghost"],
      ["bo@example.com", "", "unsubscribed", "ghost"],
      ["bounced@example.com", "Bounced Address", "unsubscribed", "ghost"],
    ]);
    expect(members[0]?.consentNote).toMatch(/^Imported from the Ghost site \S/);
    // When they joined the other site is kept.
    expect(members[0]?.createdAt.toISOString()).toBe("2023-01-02T10:00:00.000Z");
    const held = await db
      .select({ email: subscribers.email, slug: newsletters.slug })
      .from(subscriberNewsletters)
      .innerJoin(subscribers, eq(subscribers.id, subscriberNewsletters.subscriberId))
      .innerJoin(newsletters, eq(newsletters.id, subscriberNewsletters.newsletterId));
    expect(held).toEqual([{ email: "ada@example.com", slug: "newsletter" }]);
  });

  it("changes nothing when the same export is imported again", async () => {
    const before = await tableCounts();
    const again = await runImport(fixture("ghost-v5.json"));
    expect(again.counts.post).toEqual({ created: 0, updated: 0, unchanged: 5, skipped: 0 });
    expect(again.counts.page).toEqual({ created: 0, updated: 0, unchanged: 1, skipped: 0 });
    expect(await tableCounts()).toEqual(before);
  });

  it("imports an excerpt of a real Ghost 4.1 export, its pages at /{slug}", async () => {
    const report = await runImport(fixture("ghost-4.1-real-excerpt.json"));
    expect(report.counts.post).toMatchObject({ created: 1 });
    expect(report.images.missingUrls).toContain(`${UNREACHABLE}/v4.0.0/images/app-integrations.png`);
    expect(report.counts.page).toMatchObject({ created: 2 });
    const integrations = await postBySlug("integrations");
    const [gettingStarted] = await context.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, integrations.categoryId));
    expect(gettingStarted?.name).toBe("Getting Started");
    const [ghost] = await context.database.db
      .select()
      .from(users)
      .where(eq(users.id, integrations.authorId ?? ""));
    expect(ghost).toMatchObject({ name: "Ghost", slug: "ghost" });
    const pageSlugs = (await context.database.db.select().from(pages)).map((page) => page.slug);
    expect(pageSlugs).toEqual(expect.arrayContaining(["privacy", "contribute"]));
  });

  it("imports Ghost 4 and 6 exports", async () => {
    const v4 = await runImport(fixture("ghost-v4.json"));
    expect(v4.counts.post).toMatchObject({ created: 1 });
    expect(v4.counts.page).toMatchObject({ created: 1 });
    const v6 = await runImport(fixture("ghost-v6.json"));
    expect(v6.counts.post).toMatchObject({ created: 1 });
    const bylines = await postBySlug("three-bylines");
    const coauthors = await context.database.db
      .select()
      .from(postCoauthors)
      .where(eq(postCoauthors.postId, bylines.id));
    expect(coauthors).toHaveLength(2);
  });

  it("refuses a file that is not a Ghost export and writes nothing", async () => {
    const before = await tableCounts();
    const file = path.join(workDir, "wordpress.xml");
    writeFileSync(file, `<?xml version="1.0"?><rss version="2.0"><channel/></rss>`);
    const failure = await runImport(file).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportInputError);
    expect((failure as Error).message).toMatch(/^This file is not valid JSON/);
    expect(await tableCounts()).toEqual(before);
  });
});
