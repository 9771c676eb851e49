import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/* Issue 15: an editor lists a post's revisions, sees what changed, and restores an older one. */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("the revision list leads to a word diff against the current version, and Restore brings it back", async ({
  editorPage: page,
  adminRequest,
}) => {
  const category = await createCategory(adminRequest, unique("Revisions"));
  const title = unique("Council votes on the budget");
  const post = await createPost(adminRequest, {
    title,
    category: category.name,
    content: "<p>The council met on Monday and voted for the plan.</p>",
  });
  const edited = await adminRequest.patch(`/api/posts/${post._id}`, {
    data: {
      title: `${title} again`,
      category: category.name,
      content: "<p>The council met on Tuesday and voted for the plan.</p>",
      image: ["https://images.example/story.jpg"],
    },
  });
  expect(edited.ok()).toBeTruthy();

  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  const revisions = page.getByRole("list", { name: "Revisions" }).getByRole("listitem");
  await expect(revisions).toHaveCount(2);
  await revisions
    .nth(1)
    .getByRole("link", { name: /^Compare the revision of/ })
    .click();

  await expect(page.getByRole("heading", { level: 1, name: "Revision" })).toBeVisible();
  const text = page.getByRole("region", { name: "Text" });
  await expect(text.locator("del")).toHaveText("Monday");
  await expect(text.locator("ins")).toHaveText("Tuesday");
  await expect(page.getByRole("region", { name: "Title" }).locator("ins")).toContainText("again");

  await page.getByRole("button", { name: "Restore this revision" }).click();
  await expect(toast(page, "status", "Revision restored")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-post/${post._id}$`));
  // The diff page has a region named "Title" too: ask for the field, so the old page never matches.
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expect(page.getByRole("list", { name: "Revisions" }).getByRole("listitem")).toHaveCount(3);
  await adminRequest.delete(`/api/posts/${post._id}`);
});
