import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { open } from "./support/page";

/*
 * Issue 14: axe-core finds no serious or critical violation on the reader's pages, and every
 * page has its own title and description. Add a page to READER_PAGES (or ACCOUNT_PAGES when it
 * needs a logged-in reader) to check it too.
 */

/** The public pages; the post, category and author pages are found from the home page. */
const READER_PAGES = ["/", "post", "category", "author", "/search", "/login", "/register", "/privacy-policy", "/terms"];
const ACCOUNT_PAGES = ["/readLater", "/profile"];

/** A page's path: fixed, or the first link of its kind on the home page. */
async function pathOf(page: Page, entry: string): Promise<string> {
  if (entry.startsWith("/")) return entry;
  const prefix = { post: "/page/", category: "/category/", author: "/author/" }[entry];
  await open(page, "/");
  const href = await page.locator(`#main a[href^="${prefix}"]`).first().getAttribute("href");
  if (!href) throw new Error(`no ${entry} link on the home page`);
  return href;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join("; ")}`,
    );
}

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

for (const entry of READER_PAGES) {
  test(`axe finds no serious or critical violation on ${entry}`, async ({ page }) => {
    const path = await pathOf(page, entry);
    await open(page, path);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const path of ACCOUNT_PAGES) {
  test(`axe finds no serious or critical violation on ${path} (logged in)`, async ({ readerPage: page }) => {
    await open(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("every page has its own title and a description", async ({ readerPage, browser, baseURL }) => {
  const anonymous = await browser.newPage({ baseURL });
  const visits: [Page, string][] = [];
  for (const entry of READER_PAGES) visits.push([anonymous, await pathOf(anonymous, entry)]);
  for (const path of ["/reset", "/no-such-page"]) visits.push([anonymous, path]);
  for (const path of ACCOUNT_PAGES) visits.push([readerPage, path]);
  const seen = new Map<string, string>();
  for (const [page, path] of visits) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').first().getAttribute("content");
    expect(title, path).toMatch(/\S+ \| Broadsheet$|^Broadsheet/);
    expect(description?.trim(), `description of ${path}`).toBeTruthy();
    expect(seen.get(title), `title "${title}" of ${path} is also another page's`).toBeUndefined();
    seen.set(title, path);
  }
  await anonymous.close();
});
