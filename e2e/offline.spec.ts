import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";
import { open } from "./support/page";

/*
 * Issue 14: the site is installable, and a reader's Read Later posts open without a network
 * (public/sw.js answering from the copies app/lib/offline/read-later-offline.ts keeps).
 */

const CACHE = "broadsheet-read-later";

/** The paths kept in the offline cache. */
async function keptPaths(page: import("@playwright/test").Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, CACHE);
}

test("the site has a web app manifest with icons and a theme colour", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#c8102e");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const response = await request.get(href ?? "");
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: "Broadsheet", start_url: "/", display: "standalone" });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
  }
  expect((manifest.icons as { sizes: string }[]).map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
});

test("a saved post opens with the network off, its copy goes when unsaved, and logging out clears them all", async ({
  adminRequest,
  readerPage: page,
  context,
}) => {
  const category = await createCategory(adminRequest, unique("Offline"));
  const kept = await createPost(adminRequest, {
    title: unique("Kept story"),
    category: category.name,
    content: "<p>Read on the train, with no signal at all.</p>",
  });
  const other = await createPost(adminRequest, { title: unique("Second story"), category: category.name });
  for (const post of [kept, other]) {
    const saved = await page.request.post("/api/users/addToWishlist", { data: { postId: post._id } });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }

  await open(page, "/readLater");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const keptItem = page.getByRole("listitem").filter({ hasText: kept.title });
  await expect(keptItem.getByText("Available offline")).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByRole("listitem").filter({ hasText: other.title }).getByText("Available offline"),
  ).toBeVisible();
  expect(await keptPaths(page)).toEqual(expect.arrayContaining([`/page/${kept.slug}`, "/readLater"]));

  await context.setOffline(true);
  // Followed from the list the reader already has open: offline, the link loads the kept copy.
  await keptItem.getByRole("link", { name: kept.title }).click();
  await expect(page).toHaveURL(`/page/${kept.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: kept.title })).toBeVisible();
  await expect(page.getByText("Read on the train, with no signal at all.")).toBeVisible();
  await page.goto(`/page/${kept.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: kept.title })).toBeVisible();
  await page.goto("/readLater");
  await expect(page.getByRole("heading", { level: 1, name: "My Read Later" })).toBeVisible();
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);

  await open(page, "/readLater");
  await page
    .getByRole("listitem")
    .filter({ hasText: other.title })
    .getByRole("button", { name: "Remove From Read Later" })
    .click();
  await expect.poll(() => keptPaths(page)).not.toContain(`/page/${other.slug}`);
  expect(await keptPaths(page)).toContain(`/page/${kept.slug}`);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL("/login");
  await expect.poll(() => page.evaluate(() => caches.has("broadsheet-read-later"))).toBe(false);
});
