import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";

/* Issue 43, item 9: the admin on a 390 px phone, and the audit log naming a deleted post by its title. */

test("on a phone the admin menu says it scrolls, and the audit log scrolls sideways and names a deleted post", async ({
  adminPage: page,
  adminRequest,
}) => {
  const category = await createCategory(adminRequest, unique("Phone desk"));
  const title = unique("Deleted on a phone");
  const post = await createPost(adminRequest, { title, category: category.name });
  await adminRequest.delete(`/api/posts/${post._id}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/audit");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByText(/\d+ sections, scroll sideways →/)).toBeVisible();
  await expect(menu.getByRole("link", { name: "Audit log" })).toBeInViewport();

  const table = page.getByRole("table", { name: "Audit events" });
  await expect(table.getByRole("row").filter({ hasText: title }).first()).toContainText("post.delete");
  // Wider than the phone: its box scrolls, the page does not, and the last column can be reached.
  const box = table.locator("xpath=..");
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await table.getByRole("columnheader").last().scrollIntoViewIfNeeded();
  await expect(table.getByRole("columnheader").last()).toBeInViewport();
});
