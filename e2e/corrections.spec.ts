import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/* Issue 15: an editor adds a correction note; readers see it under the article, dated, and in JSON-LD. */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("an editor's correction note shows under the article with its date", async ({
  editorPage: page,
  adminRequest,
  browser,
}) => {
  const category = await createCategory(adminRequest, unique("Corrections"));
  const post = await createPost(adminRequest, { title: unique("A story that needed fixing"), category: category.name });
  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  await page.getByLabel("Correction note").fill("An earlier version of this story gave the wrong date for the vote.");
  // Waited for apart from the toast: a failure then says whether the save was sent and what it answered.
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes(`/admin/edit-post/${post._id}`),
  );
  await page.getByRole("button", { name: "Publish" }).click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  const reader = await browser.newPage();
  try {
    await reader.goto(`/page/${post.slug}`);
    const note = reader.getByRole("complementary", { name: "Correction" });
    await expect(note).toContainText("An earlier version of this story gave the wrong date for the vote.");
    await expect(note.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    const article = JSON.parse(
      (await reader.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(article.correction).toMatchObject({
      "@type": "CorrectionComment",
      text: "An earlier version of this story gave the wrong date for the vote.",
    });
  } finally {
    await reader.close();
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});
