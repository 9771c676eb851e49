import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, newAccount, registerThroughApi } from "./support/accounts";
import { type CreatedPost, createCategory, createPost, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { open } from "./support/page";

/*
 * Decision 016: a logged-in reader whose browser runs scripts is served the copy of a page
 * every such reader shares, and their own state (who they are, likes, Read Later, votes)
 * is filled in from GET /api/users/viewer-state before the page takes input.
 */

/** Opens `url` as the shared reader copy: the first load sets the scripts cookie, the second is shared. */
async function openShared(page: Page, url: string) {
  await open(page, url);
  const response = await open(page, url);
  expect(response?.headers()["x-page-audience"], "served the copy readers share").toBe("reader");
  return response;
}

test.describe("pages shared by logged-in readers", () => {
  let api: APIRequestContext;
  let category: Taxon;
  let post: CreatedPost;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    category = await createCategory(api, unique("Shared Desk"));
    post = await createPost(api, { title: unique("Everyone reads this one"), category: category.name });
    const poll = await api.post("/api/votes", {
      data: { title: unique("Shared copies, yes?"), optionOne: "Yes", optionTwo: "No", optionThree: "Unsure" },
    });
    expect(poll.status(), await poll.text()).toBe(201);
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await stubImages(page);
  });

  test("a reader's own like, Read Later and comments show on the shared post page, another reader's do not", async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    await registerThroughApi(page.request, { ...newAccount("reader"), name: "Sam Shared" });
    expect((await page.request.put(`/api/posts/addLike/${post._id}`)).ok()).toBeTruthy();
    expect((await page.request.post("/api/users/addToWishlist", { data: { postId: post._id } })).ok()).toBeTruthy();
    const commented = await page.request.post(`/api/posts/${post._id}/comments`, {
      data: { comment: "Sam was here first." },
    });
    expect(commented.ok(), await commented.text()).toBeTruthy();

    await openShared(page, `/page/${post.slug}`);
    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Saved to Read Later" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Delete comment by Sam Shared" })).toBeVisible();

    // Unliking shows at once and on the very next page view.
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(page.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("button", { name: "Saved to Read Later" })).toBeVisible();
    // The reader's state is applied after hydration, so React finds the HTML it rendered: no mismatch.
    expect(consoleErrors).toEqual([]);

    // Another reader, in a browser of their own, gets the same copy with their own (empty) state.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await stubImages(otherPage);
    await registerThroughApi(otherPage.request, { ...newAccount("reader"), name: "Kim Other" });
    await openShared(otherPage, `/page/${post.slug}`);
    await expect(otherPage.getByRole("button", { name: "Add To Read Later" })).toHaveAttribute("aria-pressed", "false");
    await expect(otherPage.getByRole("button", { name: "Delete comment by Sam Shared" })).toHaveCount(0);
    await expect(otherPage.getByRole("link", { name: "Profile" })).toBeVisible();
    await other.close();
  });

  test("a reader whose browser stops running scripts gets their own page back, and their like works", async ({
    page,
    browser,
    baseURL,
  }) => {
    await registerThroughApi(page.request, { ...newAccount("reader"), name: "Jo Scripts-Off" });
    expect((await page.request.put(`/api/posts/addLike/${post._id}`)).ok()).toBeTruthy();
    await openShared(page, `/page/${post.slug}`);

    // The same cookies (the scripts' cookie among them) in a browser with JavaScript off.
    const noScripts = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noScripts.newPage();
    await stubImages(plain);
    await plain.goto(`/page/${post.slug}`);
    await expect(plain).toHaveURL(`/page/${post.slug}`);
    await expect(plain.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
    await expect(plain.getByRole("link", { name: "Profile" })).toBeVisible();
    await plain.getByRole("button", { name: "Like" }).click();
    await expect(plain.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "false");
    await noScripts.close();
  });

  test("the poll on the shared home page shows the reader's own vote", async ({ readerPage: page }) => {
    await openShared(page, "/");
    const poll = page.getByRole("region", { name: "Reader poll" });
    await poll.getByRole("group").getByRole("radio").first().check();
    await poll.getByRole("button", { name: "Vote" }).click();
    await expect(poll.getByText("(your vote)")).toBeVisible();
    await openShared(page, "/");
    await expect(page.getByRole("region", { name: "Reader poll" }).getByText("(your vote)")).toBeVisible();
  });

  test("logging out of a shared page leaves no reader behind", async ({ readerPage: page }) => {
    await openShared(page, `/page/${post.slug}`);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    const after = await open(page, `/page/${post.slug}`);
    expect(after?.headers()["x-page-audience"]).toBeUndefined();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });
});
