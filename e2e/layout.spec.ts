import { expect, test } from "./support/fixtures";
import { expectClientNavigation, termsLink } from "./support/hydration";
import { stubImages } from "./support/images";
import { open } from "./support/page";

test.describe("site layout", () => {
  test("home is server-rendered with the top bar and works without JavaScript", async ({ noScriptPage: page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(banner.getByRole("searchbox", { name: "Search" })).toHaveAttribute("placeholder", "Search");
    await expect(banner.locator("time")).toHaveText(/^[A-Z][a-z]+day, \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getUTCFullYear()} Broadsheet`);
  });

  test("clicking the search box goes to /search", async ({ page }) => {
    // The box navigates from a click handler: wait until the page is interactive.
    await open(page, "/");
    await page.getByRole("searchbox", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("the top bar takes its fixed style after 200 px of scrolling, and scroll-to-top returns", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
    });
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-fixed", "false");
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute("data-fixed", "true");
    await page.getByRole("button", { name: "Scroll to top" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute("data-fixed", "false");
  });

  test("an unknown page shows Page Not Found with status 404 and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Looks like the page you are looking for could not be found.")).toBeVisible();
    await page.getByRole("link", { name: "Back To Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("hydrates without console errors", async ({ page, consoleErrors }) => {
    // Posts other specs made carry remote images that do not resolve here.
    await stubImages(page.context());
    // Network idle is not hydration on a busy machine: a click before it is a full page load.
    await open(page, "/");
    // Hydrated, the home page follows the footer's links in the client router.
    await expectClientNavigation(page, termsLink(page), /\/terms$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("legal pages", () => {
  for (const [path, heading] of [
    ["/privacy-policy", "Privacy Policy"],
    ["/terms", "Terms of Use"],
  ] as const) {
    test(`${path} names the contact e-mail and phone and the age limit of 13`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const article = page.locator("article");
      await expect(article.getByRole("link", { name: "hello@broadsheet.example" })).toHaveAttribute(
        "href",
        "mailto:hello@broadsheet.example",
      );
      await expect(article.getByRole("link", { name: "+1 555 0100" })).toBeVisible();
      await expect(article).toContainText("13");
    });
  }

  test("the footer links to both", async ({ page }) => {
    // Once hydrated: while the home page hydrates its footer can move under a click.
    await open(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });
});
