import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImportedEntry, ImportInputError, type ImportRecord } from "../model.js";
import { readGhostExport } from "./ghost-reader.js";

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", name);

const readAll = async (filePath: string): Promise<ImportRecord[]> => {
  const records: ImportRecord[] = [];
  for await (const record of readGhostExport(filePath)) records.push(record);
  return records;
};

const entriesOf = (records: ImportRecord[]) =>
  new Map(
    records
      .filter((record): record is ImportedEntry => record.kind === "entry")
      .map((entry) => [entry.sourceId, entry]),
  );

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "ghost-reader-"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const writeExport = async (name: string, content: unknown) => {
  const filePath = path.join(workDir, name);
  await writeFile(filePath, typeof content === "string" ? content : JSON.stringify(content));
  return filePath;
};

describe("readGhostExport on a Ghost 5 export", () => {
  let records: ImportRecord[];
  beforeAll(async () => {
    records = await readAll(fixture("ghost-v5.json"));
  });

  it("yields the site, then authors, tags, posts and pages, then members", () => {
    expect(records.map((record) => record.kind)).toEqual([
      "site",
      "author",
      "author",
      "term",
      "term",
      "term",
      "skipped",
      ...Array(6).fill("entry"),
      "member",
      "member",
      "member",
    ]);
    expect(records[0]).toEqual({
      kind: "site",
      key: "ghost:The Harbour Gazette",
      url: "",
      title: "The Harbour Gazette",
    });
  });

  it("reads users as authors with their old author pages", () => {
    expect(records.filter((record) => record.kind === "author")).toEqual([
      {
        kind: "author",
        sourceId: "u1",
        email: "marta@example.com",
        displayName: "Marta Quay",
        slug: "marta",
        bio: "Editor since 2019.",
        oldPaths: ["/author/marta/"],
      },
      {
        kind: "author",
        sourceId: "u2",
        email: "tomas@example.com",
        displayName: "Tomás Ñandú",
        slug: "tomas",
        bio: "",
        oldPaths: ["/author/tomas/"],
      },
    ]);
  });

  it("reads public tags with their old tag pages and skips internal #tags", () => {
    expect(records.filter((record) => record.kind === "skipped")).toEqual([
      { kind: "skipped", what: "tag", sourceId: "t9", reason: "internal tag #feature" },
    ]);
    expect(records.filter((record) => record.kind === "term")).toEqual(
      [
        ["t1", "News", "news"],
        ["t2", "Harbour Life", "harbour-life"],
        ["t3", "Weather", "weather"],
      ].map(([sourceId, name, slug]) => ({
        kind: "term",
        taxonomy: "tag",
        sourceId,
        name,
        slug,
        parentSlug: "",
        oldPaths: [`/tag/${slug}/`],
      })),
    );
  });

  it("reads a published post with its primary tag, co-author, feature image and SEO fields", () => {
    expect(entriesOf(records).get("p1")).toEqual({
      kind: "entry",
      entryType: "post",
      sourceId: "p1",
      title: "Welcome to the Harbour",
      slug: "welcome-to-the-harbour",
      html: '<p>The boats are in.</p><figure class="kg-card kg-image-card"><img src="/content/images/2023/11/boats.jpg" alt="Boats"></figure><p><a href="/tides/">Tides</a></p>',
      excerpt: "The boats are in, and so is the news.",
      status: "published",
      statusNote: "",
      publishedAt: new Date("2023-11-01T12:00:00.000Z"),
      createdAt: new Date("2023-11-01T08:00:00.000Z"),
      updatedAt: new Date("2023-11-02T09:30:00.000Z"),
      authorSourceIds: ["u1", "u2"],
      categories: [{ name: "News", slug: "news" }],
      tags: [{ name: "Harbour Life", slug: "harbour-life" }],
      isFeatured: true,
      featureImage: {
        url: "/content/images/2023/11/lead.jpg",
        alt: "The harbour at dawn",
        caption: 'Photo: <a href="https://example.org/">Jo</a>',
      },
      metaTitle: "Welcome | Harbour Gazette",
      metaDescription: "Everything about the harbour.",
      parentSourceId: "",
      oldPaths: ["/welcome-to-the-harbour/"],
      comments: [],
      skippedComments: {},
      warnings: [],
    });
  });

  it("keeps a scheduled post's future time; the first public tag is the category; og/twitter fill in SEO", () => {
    const scheduled = entriesOf(records).get("p2");
    expect(scheduled).toMatchObject({
      status: "scheduled",
      statusNote: "",
      publishedAt: new Date("2030-01-01T09:00:00.000Z"),
      categories: [{ name: "Weather", slug: "weather" }],
      tags: [],
      authorSourceIds: ["u2"],
      metaTitle: "Tide times (OG)",
      metaDescription: "When the water comes in.",
      featureImage: null,
      isFeatured: false,
    });
  });

  it("makes a body from the plain text of a post with no HTML, and says so", () => {
    expect(entriesOf(records).get("p3")).toMatchObject({
      status: "draft",
      publishedAt: null,
      html: "<p>First paragraph.</p>\n<p>Second &amp; &lt;third&gt;<br>line two.</p>",
      statusNote: "",
      warnings: ["no HTML in the export: body made from its plain text"],
      categories: [],
      tags: [],
    });
  });

  it("reads pages as pages with their /slug/ path", () => {
    expect(entriesOf(records).get("p4")).toMatchObject({
      entryType: "page",
      slug: "about",
      status: "published",
      oldPaths: ["/about/"],
      html: "<p>We watch the sea.</p>",
    });
  });

  it("turns members-only and newsletter-only posts into drafts, with the reason", () => {
    const entries = entriesOf(records);
    expect(entries.get("p5")).toMatchObject({ status: "draft", statusNote: "published for paid only → draft" });
    expect(entries.get("p6")).toMatchObject({ status: "draft", statusNote: "sent as a newsletter only → draft" });
  });

  it("reads members: subscribed when on a newsletter and their e-mail is not disabled", () => {
    expect(records.filter((record) => record.kind === "member")).toEqual([
      {
        kind: "member",
        email: "ada@example.com",
        name: "Ada Reader",
        subscribed: true,
        createdAt: new Date("2023-01-02T10:00:00Z"),
      },
      {
        kind: "member",
        email: "bo@example.com",
        name: "",
        subscribed: false,
        createdAt: new Date("2023-01-03T10:00:00Z"),
      },
      {
        kind: "member",
        email: "bounced@example.com",
        name: "Bounced Address",
        subscribed: false,
        createdAt: new Date("2023-01-04T10:00:00Z"),
      },
    ]);
  });
});

describe("readGhostExport on a Ghost 4 export", () => {
  it("reads the bare { meta, data } form, MySQL dates, 0/1 flags and the SEO and image fields on the post", async () => {
    const records = await readAll(fixture("ghost-v4.json"));
    expect(records[0]).toEqual({ kind: "site", key: "ghost:Town Square", url: "", title: "Town Square" });
    const entries = entriesOf(records);
    expect(entries.get("5f00000000000000000000a1")).toMatchObject({
      entryType: "post",
      status: "published",
      publishedAt: new Date("2021-06-01T10:00:00.000Z"),
      createdAt: new Date("2021-06-01T08:00:00.000Z"),
      updatedAt: new Date("2021-06-02T09:00:00.000Z"),
      isFeatured: true,
      html: '<p>Stalls open at six.</p><img src="/content/images/2021/06/stall.jpg">',
      featureImage: { url: "/content/images/2021/06/market.jpg", alt: "Fruit stalls", caption: "The square at six" },
      metaTitle: "Market Day in the square",
      metaDescription: "Fresh fruit, early.",
      categories: [{ name: "Markets", slug: "markets" }],
      tags: [{ name: "Food", slug: "food" }],
      authorSourceIds: ["1"],
    });
    expect(entries.get("5f00000000000000000000a2")).toMatchObject({
      entryType: "page",
      status: "draft",
      publishedAt: null,
      isFeatured: false,
      oldPaths: ["/contact/"],
    });
    expect(records.filter((record) => record.kind === "member")).toEqual([
      { kind: "member", email: "keen@example.com", name: "Keen Reader", subscribed: true, createdAt: null },
      { kind: "member", email: "quiet@example.com", name: "Quiet Reader", subscribed: false, createdAt: null },
      { kind: "member", email: "old@example.com", name: "", subscribed: true, createdAt: null },
    ]);
  });

  it("reads an excerpt of a real Ghost 4.1 export", async () => {
    const records = await readAll(fixture("ghost-4.1-real-excerpt.json"));
    expect(records.map((record) => record.kind)).toEqual([
      "site",
      "author",
      "author",
      "term",
      "entry",
      "entry",
      "entry",
    ]);
    expect(records[0]).toEqual({
      kind: "site",
      key: "ghost:c2d1fd9f-ab0d-4be9-9b52-1d251291a372",
      url: "",
      title: "Testing Export Fixtures",
    });
    expect(records[2]).toMatchObject({ sourceId: "5951f5fca366002ebd5dbef7", displayName: "Ghost", slug: "ghost" });
    const entries = entriesOf(records);
    expect(entries.get("605ac141a2d5a6aa9e101ebd")).toMatchObject({
      entryType: "post",
      slug: "integrations",
      status: "published",
      excerpt: "Work with all your favorite apps and tools or create your own custom integrations using the Ghost API.",
      authorSourceIds: ["5951f5fca366002ebd5dbef7"],
      categories: [{ name: "Getting Started", slug: "getting-started" }],
      featureImage: { url: "https://static.ghost.org/v4.0.0/images/app-integrations.png", alt: "", caption: "" },
      isFeatured: false,
      oldPaths: ["/integrations/"],
    });
    expect(entries.get("605ac141a2d5a6aa9e101ecf")).toMatchObject({ entryType: "page", slug: "privacy" });
    expect(entries.get("605ac141a2d5a6aa9e101ed1")).toMatchObject({ entryType: "page", slug: "contribute" });
  });
});

describe("readGhostExport on a Ghost 6 export", () => {
  it("keys a site with no title by its first post, orders several authors and reads lexical-only posts", async () => {
    const records = await readAll(fixture("ghost-v6.json"));
    expect(records[0]).toEqual({ kind: "site", key: "ghost:c3d5e7f9-0006-4000-8000-000000000001", url: "", title: "" });
    expect(records.filter((record) => record.kind === "term").map((term) => term.slug)).toEqual(["ecriture"]);
    const entries = entriesOf(records);
    expect(entries.get("68f0000000000000000000b1")).toMatchObject({
      authorSourceIds: ["ua", "ub", "uc"],
      categories: [{ name: "Écriture", slug: "ecriture" }],
      html: "<p>Written by three.</p>",
      warnings: ["no HTML in the export: body made from its plain text"],
      metaTitle: "Three Bylines (Twitter)",
      featureImage: { url: "https://cdn.example.net/lead.png", alt: "", caption: "Drawn by Ub" },
    });
    expect(entries.get("68f0000000000000000000b2")).toMatchObject({
      entryType: "page",
      excerpt: "How this site is made.",
      html: '<p>Set in <a href="/fonts/">our fonts</a>.</p>',
    });
    expect(records.filter((record) => record.kind === "member").map((member) => member.subscribed)).toEqual([
      false,
      true,
    ]);
  });
});

const minimalExport = (
  overrides: { version?: string; settings?: unknown[]; posts?: unknown[]; members?: unknown[] } = {},
) => ({
  db: [
    {
      meta: { exported_on: 1700000000000, version: overrides.version ?? "5.0.0" },
      data: {
        members: overrides.members ?? [],
        posts: overrides.posts ?? [],
        settings: overrides.settings ?? [],
        tags: [],
        users: [],
      },
    },
  ],
});

describe("readGhostExport addresses", () => {
  it("puts the site's address in place of __GHOST_URL__ when the settings carry one", async () => {
    const file = await writeExport(
      "with-url.json",
      minimalExport({
        settings: [{ key: "url", value: "https://old.example.com/" }],
        posts: [
          {
            id: "1",
            slug: "a",
            title: "A",
            status: "published",
            html: '<img src="__GHOST_URL__/content/images/a.jpg">',
            feature_image: "__GHOST_URL__/content/images/b.jpg",
          },
        ],
      }),
    );
    const records = await readAll(file);
    expect(records[0]).toMatchObject({ key: "ghost:https://old.example.com", url: "https://old.example.com" });
    expect(records[1]).toMatchObject({
      html: '<img src="https://old.example.com/content/images/a.jpg">',
      featureImage: { url: "https://old.example.com/content/images/b.jpg" },
    });
  });
});

describe("readGhostExport members", () => {
  it("leaves out a member with no e-mail address, saying so", async () => {
    const exported = minimalExport({
      members: [
        { id: "m1", email: "", name: "Nobody", subscribed: true },
        { id: "m2", email: "someone@example.com", name: "Someone", subscribed: true },
      ],
    });
    const records = await readAll(await writeExport("members.json", exported));
    expect(records.slice(-2)).toEqual([
      { kind: "skipped", what: "member", sourceId: "m1", reason: "no e-mail address" },
      { kind: "member", email: "someone@example.com", name: "Someone", subscribed: true, createdAt: null },
    ]);
  });
});

describe("readGhostExport on bad input", () => {
  const failure = async (filePath: string) => {
    const error = await readAll(filePath).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportInputError);
    return (error as ImportInputError).message;
  };

  it("refuses a file that is not JSON", async () => {
    expect(await failure(await writeExport("broken.json", '{"db": [ {"meta": '))).toMatch(
      /^This file is not valid JSON/,
    );
    expect(await failure(await writeExport("xml.json", "<?xml version='1.0'?><rss/>"))).toMatch(
      /^This file is not valid JSON/,
    );
    expect(await failure(await writeExport("empty.json", ""))).toMatch(/^This file is not valid JSON/);
  });

  it("refuses JSON that is not a Ghost export", async () => {
    const message = "This is not a Ghost export (JSON from Settings → Labs → Export).";
    expect(await failure(await writeExport("array.json", [1, 2, 3]))).toBe(message);
    expect(await failure(await writeExport("other.json", { posts: [{ id: 1 }], version: "5" }))).toBe(message);
    expect(await failure(await writeExport("no-data.json", { meta: { version: "5.1.0" } }))).toBe(message);
  });

  it("refuses deeply nested JSON without following it down", async () => {
    const nested = `{"db":[{"meta":{"version":"5.0.0"},"data":{"posts":[{"x":${"[".repeat(100_000)}`;
    expect(await failure(await writeExport("nested.json", nested))).toBe(
      "This is not a Ghost export: its JSON nests deeper than an export does.",
    );
    expect(await failure(await writeExport("nested-top.json", "[".repeat(100_000)))).toBe(
      "This is not a Ghost export: its JSON nests deeper than an export does.",
    );
  });

  it("refuses exports from before Ghost 4", async () => {
    expect(await failure(await writeExport("v3.json", minimalExport({ version: "3.42.0" })))).toBe(
      "Ghost exports before version 4 are not supported.",
    );
  });

  it("refuses an old export as soon as its meta is read", async () => {
    const oldThenBroken = '{"db":[{"meta":{"exported_on":1,"version":"2.9.0"},"data":{"posts":[{"id": ';
    expect(await failure(await writeExport("v2-truncated.json", oldThenBroken))).toBe(
      "Ghost exports before version 4 are not supported.",
    );
  });

  it("refuses a missing file and a file over 2 GB without reading it", async () => {
    expect(await failure(path.join(workDir, "missing.json"))).toMatch(/^Cannot read .*missing\.json \(ENOENT\)\.$/);
    const huge = await writeExport("huge.json", "");
    await truncate(huge, 2 * 1024 ** 3 + 1);
    expect(await failure(huge)).toBe("The file is larger than 2 GB, the most an import reads.");
  });
});

describe("readGhostExport streaming", () => {
  it("reads 20,000 posts with memory that does not grow with the file", async () => {
    const postCount = 20_000;
    const body = `<p>${"Harbour news, every tide. ".repeat(200)}</p>`;
    const filePath = path.join(workDir, "large.json");
    const out = createWriteStream(filePath);
    const write = async (chunk: string) => {
      if (!out.write(chunk)) await once(out, "drain");
    };
    await write('{"db":[{"meta":{"exported_on":1700000000000,"version":"5.80.0"},"data":{"posts":[');
    for (let index = 0; index < postCount; index++) {
      const post = { id: `p${index}`, uuid: `u${index}`, title: `Post ${index}`, slug: `post-${index}`, html: body };
      await write(`${index ? "," : ""}${JSON.stringify({ ...post, status: "published", type: "post" })}`);
    }
    await write('],"posts_tags":[],"settings":[{"key":"title","value":"Big"}],"tags":[],"users":[]}}]}');
    out.end();
    await once(out, "finish");

    global.gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    let entries = 0;
    for await (const record of readGhostExport(filePath)) {
      if (record.kind !== "entry") continue;
      entries++;
      if (entries % 500 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(entries).toBe(postCount);
    // The file is about 100 MB; a reader holding it would need several times that.
    expect(peak - baseline).toBeLessThan(64 * 1024 ** 2);
  }, 120_000);
});
