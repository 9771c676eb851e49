import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/* Issue 15: an editor shares a draft through a secret preview link, then revokes it. */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("an editor makes a preview link of a draft; anyone with it reads the draft until it is revoked", async ({
  editorPage: page,
  adminRequest,
  browser,
}) => {
  const category = await createCategory(adminRequest, unique("Preview"));
  const title = unique("Embargoed until Monday");
  const post = await createPost(adminRequest, { title, category: category.name, isPublished: false });
  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  await page.getByRole("button", { name: "Create preview link" }).click();
  await expect(toast(page, "status", "Preview link ready")).toBeVisible();
  const address = await page.getByLabel("Preview link address").inputValue();
  expect(address).toMatch(/\/preview\/[A-Za-z0-9_-]+$/);

  const guest = await browser.newPage();
  try {
    await stubImages(guest);
    const response = await guest.goto(address);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(guest.getByRole("note")).toContainText("Preview");
    await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

    await page.getByRole("button", { name: "Revoke preview link" }).click();
    await expect(toast(page, "status", "Preview link revoked")).toBeVisible();
    expect((await guest.goto(address))?.status()).toBe(404);
    await expect(guest.getByRole("heading", { level: 1, name: "Preview not available" })).toBeVisible();
  } finally {
    await guest.close();
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});
