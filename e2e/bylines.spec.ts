import { createAccount, newAccount } from "./support/accounts";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * docs/product/bylines.md: an editor gives a story two authors in the editor; the post page
 * names both, each linked to an author page that lists the story.
 */

test("a post with two authors chosen in the editor shows both bylines, each author's page listing it", async ({
  adminPage: page,
  adminRequest,
  playwright,
}) => {
  await stubImages(page);
  const freelancer = { ...newAccount("freelancer"), name: unique("Fran Freelance") };
  // Registered in a context of its own: registering logs that context in.
  const { _id } = await createAccount(playwright, freelancer);
  const promoted = await adminRequest.patch("/api/users/updateRole", { data: { id: _id, role: "editor" } });
  expect(promoted.ok(), await promoted.text()).toBeTruthy();

  const category = await createCategory(adminRequest, unique("Features"));
  const post = await createPost(adminRequest, { title: unique("Two hands on one story"), category: category.name });
  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  const authors = page.getByRole("group", { name: "Authors" });
  await authors.getByLabel("Add an author").selectOption({ label: freelancer.name });
  await authors.getByRole("button", { name: "Add author" }).click();
  await expect(authors.getByRole("list", { name: "Bylines" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  const saved = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as {
    authors: string[];
    bylines: { name: string; slug: string }[];
  };
  expect(saved.authors).toHaveLength(2);
  expect(saved.authors[1]).toBe(_id);

  await page.goto(`/page/${post.slug}`);
  const byline = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(byline.getByRole("link", { name: "E2E Admin" })).toBeVisible();
  await expect(byline.getByText(`E2E Admin and ${freelancer.name}`)).toBeVisible();
  await byline.getByRole("link", { name: freelancer.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(freelancer.name);
  await expect(page.getByRole("link", { name: post.title }).first()).toBeVisible();
});
