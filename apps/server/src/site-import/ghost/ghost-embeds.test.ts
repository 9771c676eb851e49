import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "../../db/schema";
import { useTestApp } from "../../testing/test-app";

/* Ghost's embed card, imported, is the site's embed element (decision 077). */

const context = useTestApp();
const CARD =
  '<p>Before.</p><figure class="kg-card kg-embed-card kg-card-hascaption"><iframe width="200" height="113" ' +
  'src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen></iframe>' +
  "<figcaption>The clip</figcaption></figure>";

describe("importing a Ghost post with an embed card", () => {
  it("stores the card as the embed element, its caption after it, and no iframe", async () => {
    const json = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", "ghost-v5.json"), "utf8"));
    const [first] = json.db[0].data.posts;
    first.html = CARD;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "ghost-embeds-")), "export.json");
    // Image hosts at a closed local port: the test never goes out to the network.
    writeFileSync(
      file,
      JSON.stringify(json).replace(/https:\/\/(static\.ghost\.org|cdn\.example\.net)/g, "http://127.0.0.1:9"),
    );
    await context.app.services.siteImport.run({ source: "ghost", filePath: file, dryRun: false });

    const [post] = await context.database.db.select().from(posts).where(eq(posts.slug, first.slug));
    expect(post?.content).toContain(
      '<p>Before.</p><figure class="embed embed-video" data-embed="youtube" data-url="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"',
    );
    expect(post?.content).toContain("<p><em>The clip</em></p>");
    expect(post?.content).not.toContain("<iframe");
  });
});
