import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi } from "./support/accounts";
import { baseUrl } from "./support/api";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";

/*
 * Issue 39 (decision 053): the post page counts its reader's view with a beacon once it shows,
 * so a page served from the page cache counts too, and the same reader counts once.
 */
let api: APIRequestContext;
// Headless Chromium names itself HeadlessChrome, which the server takes for a bot and never counts.
const READER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
test.use({ userAgent: READER_AGENT });

test.beforeAll(async ({ playwright }) => {
  api = await adminApi(playwright);
});

test.afterAll(async () => {
  await api.dispose();
});

/** Opens the post page and answers what its view beacon was told, and whether the page came from the cache. */
async function openAndCount(page: Page, slug: string, postId: string): Promise<{ counted: boolean; cache: string }> {
  const beacon = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().endsWith(`/api/posts/${postId}/view`),
  );
  // Absolute: a context of the test's own making has no baseURL.
  const opened = await page.goto(`${baseUrl()}/page/${slug}`);
  const answer = await beacon;
  expect(answer.status()).toBe(200);
  const { counted } = (await answer.json()) as { counted: boolean };
  return { counted, cache: opened?.headers()["x-cache"] ?? "" };
}

test("a reader's view counts once, from a rendered or a cached page, and another reader's counts too", async ({
  page,
  browser,
}) => {
  const category = await createCategory(api, unique("Views Desk"));
  const post = await createPost(api, { title: unique("Counted once"), category: category.name });
  await stubImages(page);

  expect(await openAndCount(page, post.slug, post._id)).toEqual({ counted: true, cache: "MISS" });
  expect(await openAndCount(page, post.slug, post._id)).toEqual({ counted: false, cache: "HIT" });

  const other = await browser.newContext({ userAgent: READER_AGENT });
  const otherPage = await other.newPage();
  await stubImages(otherPage);
  expect(await openAndCount(otherPage, post.slug, post._id)).toEqual({ counted: true, cache: "HIT" });
  await other.close();

  await expect
    .poll(async () => ((await (await api.get(`/api/posts/${post._id}`)).json()) as { views: number }).views)
    .toBe(2);
});
