import { expect, type Locator, type Page } from "@playwright/test";

type MarkedWindow = Window & { stayedOnThisDocument?: true };

/**
 * Proves that the page hydrated by something only a hydrated page does: the router follows a
 * link without loading a new document, so a mark left on the window is still there after it.
 * Unhydrated, the click is a full page load and the mark is gone.
 */
export async function expectClientNavigation(page: Page, link: Locator, to: RegExp): Promise<void> {
  await page.evaluate(() => {
    (window as MarkedWindow).stayedOnThisDocument = true;
  });
  await link.click();
  await expect(page).toHaveURL(to);
  expect(await page.evaluate(() => (window as MarkedWindow).stayedOnThisDocument)).toBe(true);
}

/** The Home link of the top bar, on every page. */
export const homeLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" });

/** The footer's Terms link, on every page. */
export const termsLink = (page: Page) =>
  page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Terms" });
