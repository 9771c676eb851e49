import { expect, test } from "./support/fixtures";

/* Issue 41: Admin → Export offers the whole site as a Broadsheet archive and as a WordPress file; editors get neither. */

test("an admin downloads the site from Admin → Export", async ({ adminPage: page }) => {
  await page.goto("/admin/home");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Export" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download for WordPress (WXR)" })).toHaveAttribute(
    "href",
    "/api/exports/wxr",
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download export" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^broadsheet-export-\d{4}-\d\d-\d\d\.tar\.gz$/);
  expect(await download.failure()).toBeNull();
});

test("editors see no Export", async ({ editorPage: page }) => {
  await page.goto("/admin/home");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Export" })).toHaveCount(0);
  await page.goto("/admin/export");
  await expect(page.getByText("Only admins can export the site.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download export" })).toHaveCount(0);
});
