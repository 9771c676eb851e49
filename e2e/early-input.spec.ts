import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, logIn, newAccount, registerThroughApi } from "./support/accounts";
import { newApi } from "./support/api";
import { createCategory, createPost, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";
import { isHydrated } from "./support/page";

/*
 * A page's scripts start after its first paint (decision 024), so a reader can click before
 * React has hydrated. Those clicks are held and done once the page is interactive. Here the
 * client entry is held back until the test has clicked, so that the click surely comes first
 * however slow the machine.
 */

/** The longest the client entry is held back, should a test fail before releasing it. */
const HOLD_SCRIPTS_MS = 20_000;

/** Holds the router's client entry back until `release()` (the page stays un-hydrated). */
async function holdBackScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, HOLD_SCRIPTS_MS))]);
    await route.continue();
  });
  return release;
}

/** A full page load (a form sent by the browser rather than by the page) loses this mark. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { markedPage: boolean }).markedPage = true;
  });
const stayedOnPage = (page: Page) =>
  page.evaluate(() => (window as unknown as { markedPage?: boolean }).markedPage === true);

test.describe("input before the page is interactive", () => {
  let api: APIRequestContext;
  let category: Taxon;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    category = await createCategory(api, unique("Early Desk"));
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test("the scripts are asked for after the first paint, not from the document's head", async ({ page }) => {
    const post = await createPost(api, { title: unique("Morning trains"), category: category.name });
    const response = await page.request.get(`/page/${post.slug}`);
    const html = await response.text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');

    await page.goto(`/page/${post.slug}`);
    await expect.poll(() => isHydrated(page)).toBe(true);
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timings.firstPaint).toBeGreaterThan(0);
    expect(timings.scripts.length).toBeGreaterThan(0);
    for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.firstPaint ?? Number.NaN);
    // One preload each, the framework's before the client entry's (which needs it to run).
    const preloads = await page.evaluate(() =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(new Set(preloads).size).toBe(preloads.length);
    const framework = preloads.findIndex((href) => href.includes("/react-core-"));
    expect(framework).toBeGreaterThanOrEqual(0);
    expect(framework).toBeLessThan(preloads.findIndex((href) => href.includes("/entry.client-")));
  });

  test("a page opened in a hidden tab asks for its scripts at once and becomes interactive", async ({ page }) => {
    const post = await createPost(api, { title: unique("Read in the background"), category: category.name });
    await page.addInitScript(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    });
    await page.goto(`/page/${post.slug}`);
    await expect.poll(() => isHydrated(page)).toBe(true);
    const preloads = await page.evaluate(() => document.head.querySelectorAll('link[rel="modulepreload"]').length);
    expect(preloads).toBeGreaterThan(3);
  });

  test("a button clicked before hydration does its job once the page is interactive", async ({ page }) => {
    const post = await createPost(api, { title: unique("A share too soon"), category: category.name });
    const releaseScripts = await holdBackScripts(page);
    await page.goto(`/page/${post.slug}`, { waitUntil: "domcontentloaded" });

    const share = page.getByRole("button", { name: "Share" });
    await share.click();
    expect(await isHydrated(page)).toBe(false);
    releaseScripts();
    const menu = page.getByRole("menu", { name: "Share this post" });
    await expect(menu).toBeVisible({ timeout: 15_000 });
    await expect(share).toHaveAttribute("aria-expanded", "true");
  });

  test("a form sent before hydration is sent once, by the page, without leaving it", async ({ readerPage: page }) => {
    const post = await createPost(api, { title: unique("The early like"), category: category.name });
    const releaseScripts = await holdBackScripts(page);
    await page.goto(`/page/${post.slug}`, { waitUntil: "domcontentloaded" });
    await markPage(page);
    // The page shows the like before the server has it: reloading sooner would cancel its save.
    const saved = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/reader-actions"),
    );

    await page.getByRole("button", { name: "Like" }).click();
    expect(await isHydrated(page)).toBe(false);
    releaseScripts();
    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "true", { timeout: 15_000 });
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
    expect(await stayedOnPage(page)).toBe(true);
    expect((await saved).ok()).toBe(true);

    // Sent once: a second send would have taken the like back.
    await page.unroute(/\/assets\/entry\.client-[^/]+\.js$/);
    await page.reload();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("like-count")).toHaveText("1 like");
  });

  test("a choice made in a select before hydration applies once the page is interactive", async ({ page }) => {
    const releaseScripts = await holdBackScripts(page);
    await page.goto(`/search?category=${category.slug}`, { waitUntil: "domcontentloaded" });
    const sort = page.getByRole("combobox", { name: "Sort" });
    await sort.selectOption("Oldest");
    expect(await isHydrated(page)).toBe(false);
    releaseScripts();
    await expect(page).toHaveURL(`/search?category=${category.slug}&sort=oldest`, {
      timeout: 15_000,
    });
    await expect(sort).toHaveValue("oldest");
  });

  test("a login typed and sent before hydration logs in once the page is interactive", async ({ page, playwright }) => {
    const account = newAccount("early");
    const registering = await newApi(playwright);
    await registerThroughApi(registering, account);
    await registering.dispose();
    const releaseScripts = await holdBackScripts(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await markPage(page);

    await logIn(page, account);
    expect(await isHydrated(page)).toBe(false);
    releaseScripts();
    await expect(page).toHaveURL("/", { timeout: 15_000 });
    expect(await stayedOnPage(page)).toBe(true);
    const session = await page.request.get("/api/users/getUser");
    expect(((await session.json()) as { email: string }).email).toBe(account.email);
  });

  test("a poll answered before hydration: the radio checks at once, and the vote is sent by the page", async ({
    readerPage: page,
  }) => {
    const created = await api.post("/api/votes", {
      data: { title: unique("Trains or buses?"), optionOne: "Trains", optionTwo: "Buses", optionThree: "Both" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const releaseScripts = await holdBackScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await markPage(page);

    const poll = page.getByRole("region", { name: "Reader poll" });
    // Radios are left to the browser: check() sees the radio checked at once.
    await poll.getByRole("group").getByRole("radio").first().check();
    await poll.getByRole("button", { name: "Vote" }).click();
    expect(await isHydrated(page)).toBe(false);
    releaseScripts();
    await expect(poll.getByText("(your vote)")).toBeVisible({ timeout: 15_000 });
    expect(await stayedOnPage(page)).toBe(true);
  });
});
