import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { REMOTE_IMAGE } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * docs/product/post-lists.md: Admin → All Posts filtered by status and author, and two posts
 * selected and unpublished at once.
 */

test("All Posts filters by status and author, and unpublishes two selected posts at once", async ({
  adminPage: page,
  adminRequest,
}) => {
  const word = unique("Lanterns");
  const category = await createCategory(adminRequest, unique("Nights"));
  const first = await createPost(adminRequest, { title: `${word} one`, category: category.name });
  const second = await createPost(adminRequest, { title: `${word} two`, category: category.name });
  const draft = await createPost(adminRequest, { title: `${word} draft`, category: category.name, isPublished: false });

  await page.goto(`/admin/all-posts?search=${encodeURIComponent(word)}`);
  await waitForReact(page);
  await page.getByLabel("Status").selectOption({ label: "Draft" });
  await page.getByLabel("Author").selectOption({ label: "E2E Admin" });
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=draft/);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("checkbox", { name: `Select ${draft.title}` })).toBeVisible();

  await page.getByLabel("Status").selectOption({ label: "Published" });
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=published/);
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select ${first.title}` }).check();
  await page.getByRole("checkbox", { name: `Select ${second.title}` }).check();
  await page.getByRole("button", { name: "Unpublish selected" }).click();
  await expect(toast(page, "status", "2 posts unpublished")).toBeVisible();

  for (const post of [first, second]) {
    const saved = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as { isPublished: boolean };
    expect(saved.isPublished).toBe(false);
  }
  await expect(table.getByRole("checkbox", { name: `Select ${first.title}` })).toHaveCount(0);
});

test("All Posts filters by a tag typed by its name", async ({ adminPage: page, adminRequest }) => {
  const word = unique("Buoys");
  const tag = unique("Harbour Lights");
  const category = await createCategory(adminRequest, unique("Quays"));
  const tagged = await adminRequest.post("/api/posts", {
    data: { title: `${word} tagged`, category: category.name, image: [REMOTE_IMAGE], tags: [tag] },
  });
  expect(tagged.status(), await tagged.text()).toBe(201);
  await createPost(adminRequest, { title: `${word} untagged`, category: category.name });

  await page.goto(`/admin/all-posts?search=${encodeURIComponent(word)}`);
  await waitForReact(page);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Tag", { exact: true }).fill(tag);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/tag=/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("checkbox", { name: `Select ${word} tagged` })).toBeVisible();
});
