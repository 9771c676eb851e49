import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { open } from "./support/page";

/*
 * Links to the site's own pages on reader pages are plain anchors that one click listener follows
 * by client navigation (decision 034). A client navigation keeps the document: a value set on
 * `window` survives it, and a full page load loses it.
 */

async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe("links to the site's pages", () => {
  test("a post title on the home page opens the post by client navigation", async ({ page }) => {
    await open(page, "/");
    await markDocument(page);
    const title = page.locator("#latest-news h3 a").first();
    const href = await title.getAttribute("href");
    expect(href).toMatch(/^\/page\//);
    await title.click();
    await expect(page).toHaveURL(href ?? "");
    await expect(page.locator("#main h1")).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    // Back returns to the home page, in the same document too.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#latest-news")).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test("a category label and an author's name on a card lead to their pages", async ({ page }) => {
    await open(page, "/search");
    await markDocument(page);
    const category = page.locator('#main article a[href^="/category/"]').first();
    const categoryHref = await category.getAttribute("href");
    await category.click();
    await expect(page).toHaveURL(categoryHref ?? "");
    await expect(page.locator("#main h1")).toBeVisible();
    expect(await sameDocument(page)).toBe(true);

    const author = page.locator('#main article a[href^="/author/"]').first();
    const authorHref = await author.getAttribute("href");
    await author.click();
    await expect(page).toHaveURL(authorHref ?? "");
    expect(await sameDocument(page)).toBe(true);
  });

  test("a click with a modifier key is left to the browser, which opens a new tab", async ({ page, context }) => {
    await open(page, "/");
    await markDocument(page);
    const title = page.locator("#latest-news h3 a").first();
    const href = (await title.getAttribute("href")) ?? "";
    const opened = context.waitForEvent("page");
    await title.click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    // The page the reader was on did not move.
    await expect(page).toHaveURL(/\/$/);
    expect(await sameDocument(page)).toBe(true);
  });

  test("without scripts, the same links load the pages in full", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const title = page.locator("#latest-news h3 a").first();
    const href = await title.getAttribute("href");
    await title.click();
    await expect(page).toHaveURL(href ?? "");
    await expect(page.locator("#main h1")).toBeVisible();
    await context.close();
  });
});
