import { expect, test } from "./support/fixtures";
import { serial } from "./support/names";
import { open } from "./support/page";

/* Issue 41: Admin → Import checks a WordPress export, imports it with a progress bar, and the post is on the site. */

// Enough posts that the import runs for a moment: its progress bar is seen before the end.
const POSTS = 300;

/** A small WordPress export (WXR 1.2) of one site, its author, a category and `POSTS` published posts. */
function wordpressExport(run: string): string {
  const site = `https://old-blog-${run}.example`;
  const items = Array.from({ length: POSTS }, (_, index) => {
    const id = 100 + index;
    return `<item>
<title><![CDATA[Moved post ${run} number ${index}]]></title>
<link>${site}/2024/01/02/moved-${run}-${index}/</link>
<pubDate>Tue, 02 Jan 2024 10:00:00 +0000</pubDate>
<dc:creator><![CDATA[editor]]></dc:creator>
<guid isPermaLink="false">${site}/?p=${id}</guid>
<description></description>
<content:encoded><![CDATA[<p>Imported body ${index} from the old blog.</p>]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date><![CDATA[2024-01-02 10:00:00]]></wp:post_date>
<wp:post_date_gmt><![CDATA[2024-01-02 10:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[moved-${run}-${index}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:menu_order>0</wp:menu_order>
<wp:post_type><![CDATA[post]]></wp:post_type>
<wp:post_password><![CDATA[]]></wp:post_password>
<wp:is_sticky>0</wp:is_sticky>
<category domain="category" nicename="news"><![CDATA[News]]></category>
</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Old Blog ${run}</title>
<link>${site}</link>
<description>Before the move</description>
<language>en-US</language>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>${site}</wp:base_site_url>
<wp:base_blog_url>${site}</wp:base_blog_url>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[editor]]></wp:author_login><wp:author_email><![CDATA[editor-${run}@old-blog.example]]></wp:author_email><wp:author_display_name><![CDATA[Old Editor ${run}]]></wp:author_display_name><wp:author_first_name><![CDATA[]]></wp:author_first_name><wp:author_last_name><![CDATA[]]></wp:author_last_name></wp:author>
<wp:category><wp:term_id>2</wp:term_id><wp:category_nicename><![CDATA[news]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[News]]></wp:cat_name></wp:category>
${items.join("\n")}
</channel>
</rss>
`;
}

test("an admin checks a WordPress export, imports it with a progress bar, and its posts are on the site", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const run = serial();
  await open(page, "/admin/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await page.getByLabel("Source").selectOption("wordpress");
  await page.getByLabel("Export file").setInputFiles({
    name: `old-blog-${run}.xml`,
    mimeType: "text/xml",
    buffer: Buffer.from(wordpressExport(run)),
  });
  await page.getByRole("button", { name: "Check file" }).click();

  await expect(page.getByText("Check finished: nothing was written yet.")).toBeVisible({ timeout: 60_000 });
  const counts = page.getByRole("table", { name: "What the import would do" });
  await expect(counts.getByRole("row").filter({ hasText: /^post/i })).toContainText(String(POSTS));
  // Nothing was written by the check.
  expect((await page.request.get(`/page/moved-${run}-0`)).status()).toBe(404);

  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ items/)).toBeVisible();
  await expect(page.getByText("Import finished")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("table", { name: "What the import did" })).toContainText(String(POSTS));
  const recent = page.getByRole("table", { name: "Recent imports" }).getByRole("row");
  // The check and the import, both done.
  await expect(recent.filter({ hasText: `old-blog-${run}.xml` }).filter({ hasText: "done" })).toHaveCount(2);

  await page.goto(`/page/moved-${run}-0`);
  await expect(page.getByRole("heading", { level: 1, name: `Moved post ${run} number 0` })).toBeVisible();
});

test("a file that is not an export fails with the reason", async ({ adminPage: page }) => {
  await open(page, "/admin/import");
  await page.getByLabel("Export file").setInputFiles({
    name: "notes.xml",
    mimeType: "text/xml",
    buffer: Buffer.from("<notes><note>not a WordPress export</note></notes>"),
  });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByRole("alert")).toContainText("Check failed: ", { timeout: 30_000 });
});

test("editors cannot import", async ({ editorPage: page }) => {
  await page.goto("/admin/import");
  await expect(page.getByText("Only admins can do this")).toBeVisible();
  await expect(page.getByRole("button", { name: "Check file" })).toHaveCount(0);
});
