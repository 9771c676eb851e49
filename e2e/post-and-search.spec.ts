import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, adminApi, logIn, logInThroughApi, newAccount, registerThroughApi } from "./support/accounts";
import { baseUrl } from "./support/api";
import { type CreatedPost, createCategory, createPost, createType, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { expectClientNavigation, termsLink } from "./support/hydration";
import { REMOTE_IMAGE, stubImages } from "./support/images";
import { RUN, unique } from "./support/names";
import { waitForHydration } from "./support/page";

/*
 * The post page (/page/{slug}) and the search page (/search). The suite starts on an empty
 * database with one admin (created by playwright.config.ts); content is made through the
 * API, with names unique to this run so the specs do not depend on each other.
 */

/** Registers a reader with this name on the page's context, which logs the page in as them. */
async function logInNewReader(page: Page, name: string): Promise<void> {
  await registerThroughApi(page.request, { ...newAccount("reader"), name });
}

const LONG_CONTENT = `<h2>Platform four, after midnight</h2>${Array.from(
  { length: 6 },
  (_, index) =>
    `<p>Paragraph ${index + 1}. ${"The sleeper carriages roll out of the station as the city lights fade behind them and the conductor walks the corridor. ".repeat(4)}</p>`,
).join("")}`;

test.describe("post page", () => {
  let api: APIRequestContext;
  let category: Taxon;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    category = await createCategory(api, unique("Travel Desk"));
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await stubImages(page);
  });

  test("is server-rendered with title, author, minute read, content and article metadata", async ({
    noScriptPage: page,
  }) => {
    const title = unique("The quiet return of the night train");
    const post = await createPost(api, { title, category: category.name, content: LONG_CONTENT });
    await stubImages(page.context());

    const response = await page.goto(`/page/${post.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("post-author")).toHaveText("E2E Admin");
    await expect(page.getByText("3 min read")).toBeVisible();
    await expect(page.getByText(/^(just now|\d+ seconds? ago|now)$/)).toBeVisible();
    const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(article.getByRole("heading", { name: "Platform four, after midnight" })).toBeVisible();
    await expect(article.locator(".prose p").first()).toContainText("Paragraph 1. The sleeper carriages");
    await expect(page.getByRole("img", { name: title })).toHaveAttribute("src", REMOTE_IMAGE);

    const canonical = `${baseUrl()}/page/${post.slug}`;
    await expect(page).toHaveTitle(`${title} | Broadsheet`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    // The opening paragraph, without the heading above it (docs/product/post-fields.md).
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Paragraph 1\. The sleeper carriages/,
    );
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeLessThanOrEqual(160);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", REMOTE_IMAGE);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

    // The article's own object comes first; the breadcrumb trail follows it.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "NewsArticle",
      headline: title,
      author: [{ name: "E2E Admin" }],
      mainEntityOfPage: { "@id": canonical },
    });
    // In the served HTML, not added by scripts: crawlers that run none read it.
    expect(await response?.text()).toContain('<script type="application/ld+json">');
  });

  test("share menu lists the platforms, copies the link and closes on outside click and Escape", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const post = await createPost(api, { title: unique("Sharing the view from the ridge"), category: category.name });
    const canonical = `${baseUrl()}/page/${post.slug}`;
    await page.goto(`/page/${post.slug}`);

    const share = page.getByRole("button", { name: "Share" });
    const menu = page.getByRole("menu", { name: "Share this post" });
    await expect(menu).toBeHidden();
    await share.click();
    await expect(share).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem")).toHaveCount(5);
    for (const name of ["Facebook", "X", "WhatsApp", "LinkedIn", "Copy Link"]) {
      await expect(menu.getByRole("menuitem", { name, exact: true })).toBeVisible();
    }
    const facebook = menu.getByRole("menuitem", { name: "Facebook" });
    await expect(facebook).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
    );
    await expect(facebook).toHaveAttribute("target", "_blank");
    await expect(menu.getByRole("menuitem", { name: "X" })).toHaveAttribute(
      "href",
      /^https:\/\/x\.com\/intent\/post\?url=/,
    );
    await expect(menu.getByRole("menuitem", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\?text=/,
    );
    await expect(menu.getByRole("menuitem", { name: "LinkedIn" })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(canonical)}`,
    );

    // Copy Link: logs the share, copies the canonical URL and confirms for 2 seconds.
    const shareLogged = page.waitForRequest(
      (request) => request.url().endsWith("/api/shares") && request.method() === "POST",
    );
    await menu.getByRole("menuitem", { name: "Copy Link" }).click();
    const logged = await shareLogged;
    expect(logged.postDataJSON()).toEqual({ postId: post.slug, platform: "copy" });
    await expect(menu.getByRole("menuitem", { name: "Link copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
    await expect(menu.getByRole("menuitem", { name: "Copy Link" })).toBeVisible({ timeout: 4000 });

    // An outside click closes it; so does Escape, which gives focus back to the button.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
    await share.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(share).toBeFocused();
  });

  test("a logged-out like goes to login and comes back to the post after logging in", async ({
    page,
    reader: account,
  }) => {
    const post = await createPost(api, { title: unique("Why the harbour lights changed"), category: category.name });
    await page.request.post("/api/users/logout");
    await page.goto(`/page/${post.slug}`);

    await page.getByRole("button", { name: "Add To Read Later" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/page/${post.slug}`)}`);
    await page.goBack();

    await page.getByRole("button", { name: "Like" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/page/${post.slug}`)}`);
    await logIn(page, account);
    await expect(page).toHaveURL(`/page/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.getByRole("textbox", { name: "Your comment" })).toBeVisible();
  });

  test("a logged-in reader is told an empty comment is not allowed, then comments and deletes it", async ({ page }) => {
    const post = await createPost(api, { title: unique("Notes from a mountain hut"), category: category.name });
    await page.goto(`/page/${post.slug}`);
    await expect(page.getByText("There is no comment for this post yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in to comment" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(`/page/${post.slug}`)}`,
    );

    await logInNewReader(page, "Casey Commenter");
    await page.reload();
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("comment-error")).toHaveText("Please enter a comment");
    await expect(page.getByRole("textbox", { name: "Your comment" })).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("textbox", { name: "Your comment" }).fill("   ");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("comment-error")).toHaveText("Please enter a comment");

    await page.getByRole("textbox", { name: "Your comment" }).fill("What a trip. The hut sounds wonderful.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comments = page.getByRole("list", { name: "Comments" });
    await expect(comments.getByRole("listitem")).toHaveCount(1);
    await expect(comments.getByRole("listitem").first()).toContainText("Casey Commenter");
    await expect(comments.getByRole("listitem").first()).toContainText("What a trip. The hut sounds wonderful.");
    await expect(comments.getByRole("listitem").first()).toContainText(/just now|seconds? ago/);
    await expect(page.getByRole("textbox", { name: "Your comment" })).toHaveValue("");
    await expect(page.getByTestId("comment-error")).toBeHidden();

    // A second comment goes on top (newest first).
    await page.getByRole("textbox", { name: "Your comment" }).fill("Second thought: bring a torch.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(comments.getByRole("listitem")).toHaveCount(2);
    await expect(comments.getByRole("listitem").first()).toContainText("Second thought: bring a torch.");

    await comments
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: "Delete comment by Casey Commenter" })
      .click();
    await expect(comments.getByRole("listitem")).toHaveCount(1);
    await comments.getByRole("button", { name: "Delete comment by Casey Commenter" }).click();
    await expect(page.getByText("There is no comment for this post yet.")).toBeVisible();
  });

  test("a logged-in reader toggles a like and saves the post to Read Later", async ({ readerPage: page }) => {
    const post = await createPost(api, { title: unique("The bakery that never sleeps"), category: category.name });
    await page.goto(`/page/${post.slug}`);

    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("like-count")).toHaveText("0 likes");
    // The page shows the like before the server has it: reloading sooner would cancel its save.
    const likeSaved = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/reader-actions"),
    );
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
    expect((await likeSaved).ok()).toBe(true);
    await page.reload();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("like-count")).toHaveText("0 likes");

    await page.getByRole("button", { name: "Add To Read Later" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post added to your read later list" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved to Read Later" })).toHaveAttribute("aria-pressed", "true");
    const wishlist = await page.request.get("/api/users/getWishlist");
    const saved = ((await wishlist.json()) as { wishlist: { slug: string }[] }).wishlist;
    expect(saved.map((item) => item.slug)).toContain(post.slug);
  });

  test("a logged-in reader rates and reviews a post, then removes the review", async ({ page }) => {
    const post = await createPost(api, { title: unique("Ten quiet beaches"), category: category.name });
    await logInNewReader(page, "Robin Reviewer");
    await page.goto(`/page/${post.slug}`);
    await expect(page.getByText("No reviews yet.")).toBeVisible();

    const rating = page.getByRole("group", { name: "Rate this post" });
    await expect(rating.getByRole("radio")).toHaveCount(5);
    await rating.locator("label", { hasText: "4 stars" }).click();
    await expect(rating.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await page.getByRole("textbox", { name: "Your review" }).fill("Lovely writing, I want to go.");
    await page.getByRole("button", { name: "Submit Review" }).click();

    await expect(page.getByTestId("review-summary")).toContainText("4.0");
    await expect(page.getByTestId("review-summary")).toContainText("(1 review)");
    const reviews = page.getByRole("list", { name: "Reviews" });
    await expect(reviews.getByRole("listitem")).toHaveCount(1);
    await expect(reviews).toContainText("Robin Reviewer");
    await expect(reviews).toContainText("Lovely writing, I want to go.");
    await expect(reviews.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    await page.getByRole("button", { name: "Remove my review" }).click();
    await expect(page.getByText("No reviews yet.")).toBeVisible();
    await expect(page.getByTestId("review-summary")).toContainText("(0 reviews)");
  });

  test("Related Posts and Up next list other posts, and say so when there are none", async ({ page }) => {
    const lonelyCategory = await createCategory(api, unique("Lonely Desk"));
    const lone = await createPost(api, { title: unique("A story with no neighbours"), category: lonelyCategory.name });
    const first = await createPost(api, { title: unique("Related one"), category: category.name });
    const second = await createPost(api, { title: unique("Related two"), category: category.name });

    await page.goto(`/page/${first.slug}`);
    const related = page.getByRole("region", { name: "Related Posts" });
    await expect(related.getByRole("link", { name: second.title })).toHaveAttribute("href", `/page/${second.slug}`);
    const upNext = page.getByRole("region", { name: "Up next" });
    await expect(upNext.getByRole("link", { name: second.title })).toBeVisible();
    expect(await upNext.getByRole("listitem").count()).toBeLessThanOrEqual(5);
    await related.getByRole("link", { name: second.title }).click();
    await expect(page).toHaveURL(`/page/${second.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);

    // Up next falls back to the newest posts of any category: with every other post
    // unpublished for a moment, the lone post has neither list.
    const others = await publishedPostsExcept(api, lone._id);
    try {
      for (const other of others) await togglePublish(api, other);
      await page.goto(`/page/${lone.slug}`);
      await expect(page.getByRole("region", { name: "Related Posts" })).toContainText("No related posts found.");
      await expect(page.getByRole("region", { name: "Up next" })).toContainText("No next posts yet.");
    } finally {
      for (const other of others) await togglePublish(api, other);
    }
  });

  test("staff see the action strip; Cancel keeps the post and Delete removes it", async ({ page }) => {
    const post = await createPost(api, { title: unique("An editor's doomed draft"), category: category.name });
    await page.goto(`/page/${post.slug}`);
    await expect(page.getByRole("region", { name: "Post actions" })).toHaveCount(0);

    await logInThroughApi(page, ADMIN);
    await page.reload();
    const strip = page.getByRole("region", { name: "Post actions" });
    await expect(strip.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/admin/edit-post/${post._id}`);
    await expect(strip.getByTestId("post-views")).toHaveText(/^\d+ views?$/);

    await strip.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete this post?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get(`/api/posts/${post.slug}`)).status()).toBe(200);

    await strip.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post deleted successfully" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get(`/api/posts/${post.slug}`)).status()).toBe(404);
    const gone = await page.goto(`/page/${post.slug}`);
    expect(gone?.status()).toBe(404);
  });

  test("an unknown slug shows the 404 screen", async ({ page }) => {
    const response = await page.goto(`/page/no-such-story-${RUN}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

/** Every published post but one, from the admin's (staff) listing. */
async function publishedPostsExcept(api: APIRequestContext, keepId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(`/api/posts?limit=50&page=${page}`);
    const body = (await response.json()) as { items: { _id: string; isPublished: boolean }[]; total: number };
    for (const item of body.items) if (item.isPublished && item._id !== keepId) ids.push(item._id);
    if (page * 50 >= body.total) return ids;
  }
}

async function togglePublish(api: APIRequestContext, id: string): Promise<void> {
  const response = await api.patch(`/api/posts/${id}/publish`);
  expect(response.ok(), await response.text()).toBeTruthy();
}

test.describe("search page", () => {
  let api: APIRequestContext;
  let alpha: Taxon;
  let beta: Taxon;
  let news: Taxon;
  let opinion: Taxon;
  let guide: Taxon;
  const alphaPosts: CreatedPost[] = [];
  const betaPosts: CreatedPost[] = [];

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    alpha = await createCategory(api, unique("Alpha Desk"));
    beta = await createCategory(api, unique("Beta Desk"));
    news = await createType(api, unique("News"), alpha.name);
    opinion = await createType(api, unique("Opinion"), alpha.name);
    guide = await createType(api, unique("Guide"), beta.name);
    // 11 Alpha posts (oldest first), alternating News / Opinion: two pages of 9.
    for (let index = 1; index <= 11; index++) {
      alphaPosts.push(
        await createPost(api, {
          title: `Alpha story ${String(index).padStart(2, "0")} ${RUN}`,
          category: alpha.name,
          type: index % 2 ? news.name : opinion.name,
        }),
      );
    }
    for (let index = 1; index <= 2; index++) {
      betaPosts.push(
        await createPost(api, { title: `Beta guide ${index} ${RUN}`, category: beta.name, type: guide.name }),
      );
    }
    // One like on the first Beta post: its card shows a like count, the other none.
    const liked = await api.put(`/api/posts/addLike/${betaPosts[0]?._id}`);
    expect(liked.ok()).toBeTruthy();
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await stubImages(page);
  });

  const results = (page: Page) => page.getByRole("region", { name: "Results" });
  const cards = (page: Page) => results(page).getByRole("article");

  test("category buttons filter through the URL and the back button returns", async ({ page }) => {
    await page.goto("/search");
    const filters = page.getByRole("region", { name: "Filters" });
    await expect(filters.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("button").first()).toHaveText("All");

    await filters.getByRole("button", { name: beta.name }).click();
    await expect(page).toHaveURL(`/search?category=${beta.slug}`);
    await expect(filters.getByRole("button", { name: beta.name })).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first()).toContainText(`Beta guide 2 ${RUN}`);
    await expect(cards(page).first()).toContainText(beta.name);
    await expect(cards(page).first()).toContainText("E2E Admin");
    await expect(cards(page).first()).toContainText(/\d{2}-[A-Z][a-z]{2}-\d{4}/);
    // Counts show only above 0.
    await expect(cards(page).nth(1)).toContainText("Likes: 1");
    await expect(cards(page).first()).not.toContainText("Likes");
    await expect(cards(page).first()).not.toContainText("Comments");
    await expect(
      cards(page)
        .first()
        .getByRole("link", { name: `Beta guide 2 ${RUN}` }),
    ).toHaveAttribute("href", `/page/${betaPosts[1]?.slug}`);

    await page.goBack();
    await expect(page).toHaveURL("/search");
    await expect(filters.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("the type dropdown offers the chosen category's types and Clear Filter resets", async ({ page }) => {
    await page.goto(`/search?category=${alpha.slug}`);
    const type = page.getByRole("combobox", { name: "Type" });
    await expect(type.getByRole("option")).toHaveText(["All", news.name, opinion.name]);
    await type.selectOption({ label: opinion.name });
    await expect(page).toHaveURL(`/search?category=${alpha.slug}&type=${opinion.slug}`);
    await expect(cards(page)).toHaveCount(5);
    for (const card of await cards(page).all()) await expect(card).toContainText(opinion.name);

    await page.getByRole("button", { name: "Clear Filter" }).click();
    await expect(page).toHaveURL("/search");
    await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("combobox", { name: "Type" })).toHaveValue("All");
    await expect(page.getByRole("combobox", { name: "Type" }).getByRole("option", { name: guide.name })).toHaveCount(1);
  });

  test("sort Oldest reverses the order", async ({ page }) => {
    await page.goto(`/search?category=${alpha.slug}`);
    // Until React runs, the select changes nothing by itself (the form's Apply button submits it).
    await waitForHydration(page);
    const sort = page.getByRole("combobox", { name: "Sort" });
    await expect(sort.getByRole("option")).toHaveText(["Latest", "Oldest"]);
    await expect(cards(page).first()).toContainText(`Alpha story 11 ${RUN}`);
    await sort.selectOption("Oldest");
    await expect(page).toHaveURL(`/search?category=${alpha.slug}&sort=oldest`);
    await expect(cards(page).first()).toContainText(`Alpha story 01 ${RUN}`);
    await expect(sort).toHaveValue("oldest");
  });

  test("shows 9 posts a page with Prev, three page numbers and Next", async ({ page }) => {
    await page.goto(`/search?category=${alpha.slug}`);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(cards(page)).toHaveCount(9);
    await expect(pager.getByRole("link", { name: "Prev" })).toHaveCount(0);
    await expect(pager.getByText("Prev")).toHaveAttribute("aria-disabled", "true");
    await expect(pager.getByRole("link", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "2", exact: true })).not.toHaveAttribute("aria-current", "page");

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`/search?category=${alpha.slug}&page=2`);
    await expect(cards(page)).toHaveCount(2);
    await expect(pager.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);

    await pager.getByRole("link", { name: "1", exact: true }).click();
    await expect(page).toHaveURL(`/search?category=${alpha.slug}`);
    await expect(cards(page)).toHaveCount(9);
    await pager.getByRole("link", { name: "2", exact: true }).click();
    await pager.getByRole("link", { name: "Prev" }).click();
    await expect(page).toHaveURL(`/search?category=${alpha.slug}`);
  });

  test("grid and list views toggle, and the filter panel hides and shows", async ({ page }) => {
    await page.goto(`/search?category=${beta.slug}`);
    const grid = page.getByRole("button", { name: "Grid view" });
    const list = page.getByRole("button", { name: "List view" });
    await expect(grid).toHaveAttribute("aria-pressed", "true");
    await expect(results(page).locator("[data-view=grid]")).toBeVisible();
    await list.click();
    await expect(page).toHaveURL(`/search?category=${beta.slug}&view=list`);
    await expect(list).toHaveAttribute("aria-pressed", "true");
    await expect(grid).toHaveAttribute("aria-pressed", "false");
    await expect(results(page).locator("[data-view=list]")).toBeVisible();
    await expect(cards(page)).toHaveCount(2);

    await page.getByRole("button", { name: "Hide Filter" }).click();
    await expect(page.getByRole("region", { name: "Filters" })).toBeHidden();
    await page.getByRole("button", { name: "Show Filter" }).click();
    await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
  });

  test("the search box filters by title or category; nothing found says so", async ({ page }) => {
    await page.goto("/search");
    const box = page.getByRole("searchbox", { name: "Search posts" });
    await box.fill(`Beta guide 1 ${RUN}`);
    await box.press("Enter");
    await expect(page).toHaveURL(`/search?search=${encodeURIComponent(`Beta guide 1 ${RUN}`).replace(/%20/g, "+")}`);
    await expect(cards(page).first()).toContainText(`Beta guide 1 ${RUN}`);

    await box.fill(beta.name.toUpperCase());
    // The page's own button: the top bar's search form has one of the same name.
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(cards(page)).toHaveCount(2);

    await box.fill(`nothing-like-this-${RUN}`);
    await box.press("Enter");
    await expect(page.getByText("No post found...")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("the search and post pages hydrate without console errors", async ({ page, consoleErrors }) => {
    await page.goto(`/search?category=${alpha.slug}`);
    await waitForHydration(page);
    // Hydrated, the search page follows its cards' links in the client router.
    await expectClientNavigation(page, cards(page).first().getByRole("heading").getByRole("link"), /\/page\//);
    await page.reload();
    await waitForHydration(page);
    await expectClientNavigation(page, termsLink(page), /\/terms$/);
    expect(consoleErrors).toEqual([]);
  });

  test("nothing moves as the page hydrates: the Apply buttons are only there without scripts", async ({ page }) => {
    await page.addInitScript(() => {
      type LayoutShift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
      const shifts: { value: number; moved: string }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LayoutShift[]) {
          const moved = entry.sources.map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName),
          );
          shifts.push({ value: entry.value, moved: moved.join(" | ") });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A phone's width: the filters stand above the results, so anything they lose moves the results.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(`/search?category=${alpha.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: { value: number; moved: string }[] }).layoutShifts,
    );
    // The Apply buttons removed by hydration moved the results by 0.2065. About one load in
    // ten on a slow machine also measures ~0.001 from something else; the moved elements are
    // in the message should that grow. Lighthouse's target is 0.02.
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, shifts.map((shift) => `${shift.value.toFixed(5)} ${shift.moved}`).join("\n")).toBeLessThan(0.005);
  });

  test("works without JavaScript: results are server-rendered and the forms still filter", async ({
    noScriptPage: page,
  }) => {
    await stubImages(page.context());
    const response = await page.goto(`/search?category=${beta.slug}`);
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: beta.name })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: alpha.name }).click();
    await expect(page).toHaveURL(new RegExp(`category=${alpha.slug}`));
    await expect(cards(page)).toHaveCount(9);

    await page.getByRole("combobox", { name: "Type" }).selectOption({ label: news.name });
    await page.getByRole("region", { name: "Filters" }).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`type=${news.slug}`));
    await expect(cards(page)).toHaveCount(6);
  });
});
