import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportedEntry, ImportInputError, type ImportRecord } from "../model";
import { createWordPressReader, readWordPressExport } from "./wxr-reader";

const dir = mkdtempSync(path.join(os.tmpdir(), "wxr-reader-"));

function exportFile(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

async function readAll(file: string, reader = readWordPressExport): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of reader(file)) records.push(record);
  return records;
}

// WXR 1.1 as older WordPress versions wrote it, every field plain text (no CDATA).
const WXR_1_1 = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.1/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.1/">
<channel>
  <title>Plain &amp; Simple</title>
  <link>http://plain.example.org</link>
  <wp:wxr_version>1.1</wp:wxr_version>
  <wp:base_blog_url>http://plain.example.org</wp:base_blog_url>
  <wp:category><wp:term_id>2</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>News</wp:cat_name></wp:category>
  <wp:term><wp:term_id>3</wp:term_id><wp:term_taxonomy>post_tag</wp:term_taxonomy><wp:term_slug>fish</wp:term_slug><wp:term_parent></wp:term_parent><wp:term_name>Fish</wp:term_name></wp:term>
  <item>
    <title>Tom &amp; Jerry &lt;3</title>
    <link>http://plain.example.org/?p=5</link>
    <dc:creator>admin</dc:creator>
    <content:encoded>&lt;p&gt;Escaped body&lt;/p&gt;</content:encoded>
    <excerpt:encoded></excerpt:encoded>
    <wp:post_id>5</wp:post_id>
    <wp:post_date>2011-02-03 04:05:06</wp:post_date>
    <wp:post_date_gmt>2011-02-03 03:05:06</wp:post_date_gmt>
    <wp:post_name>tom-jerry</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <category domain="category" nicename="news">News</category>
  </item>
</channel>
</rss>`;

describe("readWordPressExport", () => {
  it("reads WXR 1.1 with plain (non-CDATA) fields and escaped entities", async () => {
    const records = await readAll(exportFile("plain.xml", WXR_1_1));
    expect(records.map((record) => record.kind)).toEqual(["site", "term", "term", "entry"]);
    expect(records[0]).toEqual({
      kind: "site",
      key: "wordpress:http://plain.example.org",
      url: "http://plain.example.org",
      title: "Plain & Simple",
    });
    expect(records[2]).toMatchObject({ kind: "term", taxonomy: "tag", slug: "fish", name: "Fish" });
    const entry = records[3] as ImportedEntry;
    expect(entry).toMatchObject({
      title: "Tom & Jerry <3",
      html: "<p>Escaped body</p>",
      slug: "tom-jerry",
      status: "published",
      authorSourceIds: ["admin"],
      categories: [{ name: "News", slug: "news" }],
    });
    expect(entry.publishedAt?.toISOString()).toBe("2011-02-03T03:05:06.000Z");
    // The permalink was /?p=5 itself: one redirect, not two.
    expect(entry.oldPaths).toEqual(["/?p=5"]);
  });

  it("refuses a file over the size limit before reading it", async () => {
    const reader = createWordPressReader({ maxBytes: 1024 });
    const failure = await readAll(exportFile("big.xml", WXR_1_1.repeat(2)), reader).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportInputError);
    expect((failure as Error).message).toBe("The file is larger than 1 KB, the most an import reads.");
  });

  it("refuses a missing file", async () => {
    await expect(readAll(path.join(dir, "nope.xml"))).rejects.toThrow("The file cannot be read.");
  });

  it("refuses a DOCTYPE that declares entities, even unused ones", async () => {
    const xml = WXR_1_1.replace("<rss", '<!DOCTYPE rss [<!ENTITY e SYSTEM "http://127.0.0.1:9/x">]>\n<rss');
    await expect(readAll(exportFile("entity.xml", xml))).rejects.toThrow(/declares XML entities/);
  });

  it("refuses an entity the XML does not define", async () => {
    await expect(readAll(exportFile("undefined.xml", WXR_1_1.replace("Plain &amp;", "Plain &nbsp;")))).rejects.toThrow(
      /not well-formed XML \(line 4, column \d+: /,
    );
  });

  it("refuses XML that is not a WordPress export", async () => {
    await expect(
      readAll(exportFile("atom.xml", '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')),
    ).rejects.toThrow("This is not a WordPress export (WXR) file.");
    await expect(readAll(exportFile("empty.xml", ""))).rejects.toThrow("This is not a WordPress export (WXR) file.");
  });
});
