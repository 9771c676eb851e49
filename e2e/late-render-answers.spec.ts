import type { Page } from "@playwright/test";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";
import { expectToast, main, open, renderLate } from "./support/page";

/*
 * Decision 037: a row that its own answer removes (a deleted poll, comment or saved post) is
 * gone when React renders late, and its answer was lost: no toast, no follow-up. The answer is
 * now toasted from the root. Each test makes React render 300 ms late after the page is
 * interactive, which loses the answer on the old code every time.
 */

const LATE_MS = 300;
const dialog = (page: Page) => page.getByRole("dialog");

test("a poll deleted while React renders late is toasted", async ({ adminPage: page, adminRequest: api }) => {
  const title = unique("Late poll");
  const made = await api.post("/api/votes", {
    data: { title, optionOne: "Apple", optionTwo: "Pear", optionThree: "Plum" },
  });
  expect(made.status(), await made.text()).toBe(201);

  await open(page, "/admin/all-votes");
  await renderLate(page, LATE_MS);
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: `Delete poll ${title}` }).click();
  await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(card).toHaveCount(0);
  await expectToast(page, "Vote deleted successfully");
});

test("a comment deleted while React renders late is toasted", async ({ readerPage: page, reader, adminRequest }) => {
  const category = await createCategory(adminRequest, unique("Late comments"));
  const post = await createPost(adminRequest, { title: unique("A post to comment on"), category: category.name });
  const made = await page.request.post(`/api/posts/${post._id}/comments`, { data: { comment: "Soon gone." } });
  expect(made.status(), await made.text()).toBe(201);

  await open(page, `/page/${post.slug}`);
  const comments = page.getByRole("list", { name: "Comments" });
  await expect(comments.getByRole("listitem")).toHaveCount(1);
  await renderLate(page, LATE_MS);
  await comments.getByRole("button", { name: `Delete comment by ${reader.name}` }).click();
  await expectToast(page, "Comment deleted successfully");
  await expect(page.getByText("There is no comment for this post yet.")).toBeVisible();
  await adminRequest.delete(`/api/posts/${post._id}`);
});

test("a post removed from Read Later while React renders late is toasted", async ({
  readerPage: page,
  adminRequest,
}) => {
  const category = await createCategory(adminRequest, unique("Late saves"));
  const post = await createPost(adminRequest, { title: unique("A post saved for later"), category: category.name });
  const saved = await page.request.post("/api/users/addToWishlist", { data: { postId: post._id } });
  expect(saved.ok(), await saved.text()).toBeTruthy();

  await open(page, "/readLater");
  await renderLate(page, LATE_MS);
  await main(page).getByRole("button", { name: "Remove From Read Later" }).click();
  await expectToast(page, "Post removed from your read later list");
  await expect(main(page).getByText("No post found in your read later.")).toBeVisible();
  await adminRequest.delete(`/api/posts/${post._id}`);
});
