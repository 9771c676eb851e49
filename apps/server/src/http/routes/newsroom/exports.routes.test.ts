import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import tar from "tar-stream";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";
import { seedWholeSite } from "../../../testing/whole-site";

/* Issue 41 item 8: Admin → Export's two downloads, for admins only. */

/** The little of the DOM these checks read (the server's code has no DOM types; jsdom has none of its own). */
interface XmlNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): Iterable<XmlNode> & { length: number; [index: number]: XmlNode | undefined };
}
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: XmlNode } };
};
const context = useTestApp();
let admin: Awaited<ReturnType<typeof signUp>>;
let site: Awaited<ReturnType<typeof seedWholeSite>>;

beforeAll(async () => {
  site = await seedWholeSite(context.database.db);
  admin = await signUp(context.app, { role: "admin", name: "Exporting Admin" });
});

async function download(path: string) {
  const response = await context.app.request(path, {
    headers: { cookie: admin.agent.cookie ?? "", "accept-encoding": "gzip, br" },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function tarEntries(gzipped: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk) => chunks.push(chunk as Buffer));
      stream.on("end", () => {
        entries.set(header.name, Buffer.concat(chunks));
        next();
      });
    });
    extract.on("finish", resolve);
    extract.on("error", reject);
  });
  extract.end(gunzipSync(gzipped));
  await done;
  return entries;
}

const texts = (document: XmlNode, name: string) =>
  [...document.getElementsByTagName(name)].map((element) => element.textContent ?? "");

describe(`Admin → Export's downloads on ${testDatabaseKind()}`, () => {
  it("are for admins only", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    for (const path of ["/api/exports/broadsheet", "/api/exports/wxr"]) {
      expect((await new TestAgent(context.app).get(path)).status).toBe(401);
      expect((await editor.agent.get(path)).status).toBe(403);
    }
  });

  it("stream the Broadsheet archive as a .tar.gz without secrets, and record it in the audit log", async () => {
    const { response, bytes } = await download("/api/exports/broadsheet");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="broadsheet-export-\d{4}-\d\d-\d\d\.tar\.gz"$/,
    );
    const entries = await tarEntries(bytes);
    const manifest = JSON.parse(entries.get("manifest.json")?.toString() ?? "{}");
    expect(manifest).toMatchObject({ format: "broadsheet-export", formatVersion: 1, includesSecrets: false });
    expect(entries.get("tables/posts.jsonl")?.toString().trim().split("\n")).toHaveLength(2);
    expect(entries.get("tables/users.jsonl")?.toString()).not.toContain("password_hash");
    expect(entries.get(`media/${site.mediaKey}`)?.toString()).toContain("fake image bytes");

    const audit = await admin.agent.get("/api/audit?action=site.export");
    expect(audit.body.items[0]).toMatchObject({
      action: "site.export",
      actor: { name: "Exporting Admin" },
      target: { type: "export", _id: "broadsheet" },
    });
  });

  it("stream a WXR 1.2 file an XML parser reads back: authors, terms, posts, pages, comments, images", async () => {
    const { response, bytes } = await download("/api/exports/wxr");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/filename="broadsheet-wordpress-[\d-]+\.xml"/);
    const { document } = new JSDOM(bytes.toString("utf8"), { contentType: "text/xml" }).window;
    expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(texts(document, "wp:wxr_version")).toEqual(["1.2"]);
    expect(texts(document, "wp:base_site_url")).toEqual(["http://localhost:3000"]);
    expect(texts(document, "title")[0]).toBe("The Test Gazette");
    expect(texts(document, "wp:author_login")).toEqual(expect.arrayContaining([site.admin.slug, site.editor.slug]));
    expect(texts(document, "wp:cat_name")).toEqual(["Travel Desk", "Long Reads"]);
    expect(texts(document, "wp:category_parent")).toEqual(["", site.category.slug]);
    expect(texts(document, "wp:tag_slug").sort()).toEqual(["café-culture", "travel"]);

    const items = [...document.getElementsByTagName("item")];
    const field = (item: XmlNode, name: string) => item.getElementsByTagName(name)[0]?.textContent ?? "";
    const itemOf = (type: string, title: string) =>
      items.find((item) => field(item, "wp:post_type") === type && field(item, "title") === title) as XmlNode;

    // The legal pages' [site-name]-style fields go out filled in: WordPress would show them as text.
    const terms = itemOf("page", "Terms of Use");
    expect(field(terms, "content:encoded")).toContain("By using The Test Gazette you agree");
    expect(bytes.toString("utf8")).not.toContain("[site-name]");

    const story = itemOf("post", "Ünïcode & <markup> ]]> story");
    expect(field(story, "content:encoded")).toContain("a stray ]]> and");
    expect(field(story, "content:encoded")).toContain('href="http://localhost:3000/page/other"');
    expect(field(story, "link")).toBe(`http://localhost:3000/page/${site.story.slug}`);
    expect(field(story, "wp:status")).toBe("publish");
    expect(field(story, "wp:is_sticky")).toBe("1");
    expect(field(story, "excerpt:encoded")).toBe("A standfirst");
    expect(field(story, "wp:post_date_gmt")).toBe("2026-01-02 03:04:05");
    expect(field(story, "wp:post_date")).toBe("2026-01-02 04:04:05");
    expect(field(story, "dc:creator")).toBe(site.editor.slug);
    const storyTerms = [...story.getElementsByTagName("category")].map(
      (term) => `${term.getAttribute("domain")}:${term.getAttribute("nicename")}`,
    );
    expect(storyTerms).toEqual([
      "category:travel-desk",
      "category:long-reads",
      "post_tag:café-culture",
      "post_tag:travel",
    ]);

    const comments = [...story.getElementsByTagName("wp:comment")].map((comment) => ({
      id: field(comment, "wp:comment_id"),
      parent: field(comment, "wp:comment_parent"),
      text: field(comment, "wp:comment_content"),
      author: field(comment, "wp:comment_author"),
    }));
    const byText = (text: string) => comments.find((comment) => comment.text === text);
    expect(byText("First!")).toMatchObject({ parent: "0", author: "Rita Reader" });
    expect(byText("A reply")?.parent).toBe(byText("First!")?.id);
    expect(byText("Deeper")).toMatchObject({ parent: byText("A reply")?.id, author: "Guest" });

    const attachment = items.find((item) => field(item, "wp:post_type") === "attachment") as XmlNode;
    const imageUrl = `http://localhost:3000/media/${site.mediaKey}.webp`;
    expect(field(attachment, "wp:attachment_url")).toBe(imageUrl);
    expect(field(attachment, "wp:post_parent")).toBe(field(story, "wp:post_id"));
    const thumbnail = [...story.getElementsByTagName("wp:postmeta")].find(
      (meta) => field(meta, "wp:meta_key") === "_thumbnail_id",
    );
    expect(thumbnail && field(thumbnail, "wp:meta_value")).toBe(field(attachment, "wp:post_id"));

    expect(field(itemOf("post", "Scheduled draft"), "wp:status")).toBe("future");
    const about = itemOf("page", "About us");
    const team = itemOf("page", "The team");
    expect(field(team, "wp:post_parent")).toBe(field(about, "wp:post_id"));
    expect(field(about, "wp:post_parent")).toBe("0");
    expect(field(about, "excerpt:encoded")).toBe("A paper since 1901");
    expect(field(team, "link")).toBe("http://localhost:3000/team");
  });
});
