import { ADMIN } from "./support/accounts";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";

/* Issue 15: Admin → Audit log lists who did what, filtered by action and actor; editors cannot read it. */

test("an admin reads the audit log, filtered by action and by actor", async ({ adminPage: page, adminRequest }) => {
  const category = await createCategory(adminRequest, unique("Audit"));
  const title = unique("Audited in the browser");
  const post = await createPost(adminRequest, { title, category: category.name });

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Action").selectOption("post.create");
  await page.getByLabel("Actor").fill(ADMIN.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=post\.create/);
  const rows = page.getByRole("table", { name: "Audit events" }).getByRole("row");
  await expect(rows.filter({ hasText: title })).toHaveCount(1);
  await expect(rows.filter({ hasText: title })).toContainText(ADMIN.email);

  await page.getByLabel("Action").selectOption("login");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows.filter({ hasText: "login" }).first()).toContainText(ADMIN.email);
  await adminRequest.delete(`/api/posts/${post._id}`);
});

test("editors cannot read the audit log", async ({ editorPage: page }) => {
  await page.goto("/admin/audit");
  await expect(page.getByText("Only admins can read the audit log.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Audit events" })).toHaveCount(0);
});
