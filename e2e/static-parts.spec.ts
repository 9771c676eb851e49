import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { open } from "./support/page";

/*
 * Home parts with nothing interactive keep the server's HTML when the page hydrates (decision 036):
 * React takes over their wrapper, not what is inside it. Rendered by a client navigation, they
 * are React's own. Their links still navigate in the same document.
 */

const STATIC_PARTS = ["National", "Technology", "Travel", "Business", "Sports", "HealthCare", "Entertainment"];

/** For each static part: its heading, its links, and whether React has taken over an element inside it. */
function staticParts(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[id^='part-']")].map((part) => ({
      id: part.id,
      heading: part.querySelector("h2")?.textContent ?? "",
      links: part.querySelectorAll("a[href^='/page/']").length,
      insideHydrated: [...part.querySelectorAll("*")].some((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactFiber")),
      ),
      wrapperHydrated: Object.keys(part).some((key) => key.startsWith("__reactFiber")),
    })),
  );
}

test("on a full load, the category blocks without likes keep the server's HTML; by client navigation, React renders them", async ({
  page,
}) => {
  await open(page, "/");
  // Every part below the first screen has had time to hydrate: the interactive ones have.
  await expect(page.locator("#jobs button[aria-label='Next Jobs']")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector("#poll button[type='submit']") ?? {}).some((key) =>
          key.startsWith("__reactProps"),
        ),
      ),
    )
    .toBe(true);

  const loaded = await staticParts(page);
  expect(loaded.map((part) => part.heading)).toEqual(
    expect.arrayContaining([...STATIC_PARTS, "In Case You Missed It"]),
  );
  // The masthead (its adverts) is kept too; it links to no post.
  expect(loaded.map((part) => part.id)).toContain("part-masthead");
  for (const part of loaded) {
    if (part.id !== "part-masthead") expect(part.links, part.id).toBeGreaterThan(0);
    expect(part.wrapperHydrated, part.id).toBe(true);
    expect(part.insideHydrated, part.id).toBe(false);
  }
  // World News has like buttons: it is hydrated as usual.
  expect(
    await page.evaluate(() =>
      Object.keys(document.querySelector("[data-category-block='World News'] a") ?? {}).some((key) =>
        key.startsWith("__reactProps"),
      ),
    ),
  ).toBe(true);

  // A link inside a kept part navigates in the same document.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const title = page.locator("#part-national h3 a").first();
  const href = await title.getAttribute("href");
  const headline = (await title.getAttribute("title")) ?? "";
  await title.click();
  await expect(page).toHaveURL(href ?? "");
  // The post page is shown (home's masthead is an h1 too): home's parts are gone from the document.
  await expect(page.locator("#main h1").filter({ hasText: headline })).toBeVisible();
  await expect(page.locator("#part-national")).toHaveCount(0);

  // Back to home by client navigation: React renders the parts itself, with the same content.
  await page.goBack();
  await expect(page.locator("#part-national h2")).toHaveText("National");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const rendered = await staticParts(page);
  for (const part of rendered) {
    const before = loaded.find((item) => item.id === part.id);
    expect(part.heading, part.id).toBe(before?.heading);
    expect(part.links, part.id).toBe(before?.links);
    expect(part.insideHydrated, part.id).toBe(true);
  }
});

test("a kept part the browser has to render after all gets its data from the loaders (decision 040)", async ({
  page,
  request,
}) => {
  const business = (await (await request.get("/api/posts?category=Business&limit=4")).json()) as {
    items: { title: string }[];
  };
  expect(business.items.length).toBeGreaterThan(0);
  // The document arrives with the Business block's marker gone: hydration cannot keep its HTML, and
  // the loader data the document carries has only the block's version, not its posts.
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<div id="part-business"[^>]*?) data-server-html=""/, "$1");
      await route.fulfill({ response, body: html });
    },
  );
  const failures: Error[] = [];
  page.on("pageerror", (error) => failures.push(error));
  await open(page, "/");

  const block = page.locator("#part-business");
  await expect(block.locator("h3 a").first()).toHaveText(business.items[0]?.title ?? "");
  await expect(block.locator("h3 a")).toHaveCount(business.items.length);
  // React renders it now: its elements are React's own.
  expect(
    await block.evaluate((part) =>
      [...part.querySelectorAll("*")].some((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactFiber")),
      ),
    ),
  ).toBe(true);
  // The only error is the mismatch this test causes (React's #418), from which React recovers.
  expect(failures.filter((error) => !error.message.includes("#418"))).toEqual([]);
});
