import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { serial, unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/* Issue 41: a published post's new slug leaves a 301 from the old address; Admin → Redirects adds and deletes them. */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("an editor changes a published post's slug; the old address lands on the new page", async ({
  editorPage: page,
  adminRequest,
  browser,
}) => {
  const category = await createCategory(adminRequest, unique("Slugs"));
  const post = await createPost(adminRequest, { title: unique("A story that moved"), category: category.name });
  const newSlug = `moved-story-${serial()}`;
  try {
    await page.goto(`/admin/edit-post/${post._id}`);
    await waitForReact(page);
    const slug = page.getByLabel("Slug");
    await expect(slug).toHaveValue(post.slug);
    await slug.fill(newSlug);
    await expect(page.getByText(`/page/${newSlug}`)).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

    const reader = await browser.newPage();
    try {
      const answer = await reader.request.get(`/page/${post.slug}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(301);
      expect(answer.headers().location).toBe(`/page/${newSlug}`);
      await reader.goto(`/page/${post.slug}`);
      await expect(reader).toHaveURL(new RegExp(`/page/${newSlug}$`));
      await expect(reader.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    } finally {
      await reader.close();
    }
  } finally {
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});

test("an admin adds a redirect in Admin → Redirects, it answers at once, and deletes it", async ({
  adminPage: page,
  browser,
}) => {
  const from = `/old-section-${serial()}`;
  const fromCsv = `/csv-section-${serial()}`;
  await page.goto("/admin/redirects");
  await waitForReact(page);
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill(`${from}/`);
  await page.getByLabel("To", { exact: true }).fill("/terms");
  await page.getByLabel("Type", { exact: true }).selectOption("302");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(toast(page, "status", "Redirect added")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: from });
  await expect(row).toContainText("/terms");
  await expect(row).toContainText("302");

  const reader = await browser.newPage();
  try {
    const answer = await reader.request.get(from, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/terms");

    // A link followed in the page (a client-side navigation asks for the page's data) lands there too.
    await reader.goto("/");
    await waitForReact(reader);
    await reader.evaluate((href) => {
      (window as { stayedInPage?: boolean }).stayedInPage = true;
      const link = Object.assign(document.createElement("a"), { href, textContent: "Old section" });
      link.setAttribute("data-page-link", "");
      document.body.prepend(link);
    }, from);
    await reader.getByRole("link", { name: "Old section" }).click();
    await expect(reader).toHaveURL(/\/terms$/);
    expect(await reader.evaluate(() => (window as { stayedInPage?: boolean }).stayedInPage)).toBe(true);

    // A CSV with a good line and a bad one: the counts and the bad line's reason show.
    await page.getByLabel("CSV file").setInputFiles({
      name: "redirects.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`from,to\n${fromCsv},/terms\nnot-a-path,/terms\n`),
    });
    await page.getByRole("button", { name: "Import CSV" }).click();
    await expect(toast(page, "status", "Imported: 1 created, 0 updated, 1 skipped")).toBeVisible();
    await expect(page.getByText("Line 3: From must be an address of this site starting with /")).toBeVisible();
    expect((await reader.request.get(fromCsv, { maxRedirects: 0 })).headers().location).toBe("/terms");

    await row.getByRole("button", { name: `Delete redirect from ${from}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Redirect deleted")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: from })).toHaveCount(0);
    expect((await reader.request.get(from, { maxRedirects: 0 })).status()).toBe(404);
  } finally {
    await reader.close();
  }
});
