import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { open, toast, waitForReact } from "./support/page";

/*
 * Issue 15: Admin → Settings rebrands the site. The test puts every setting it changed back
 * afterwards, so the other specs see the demo site as it was.
 */

interface SettingsJson {
  siteName: string;
  tagline: string;
  about: string;
  navigation: { label: string; url: string }[];
  socialLinks: { label: string; url: string }[];
}

async function currentSettings(api: APIRequestContext): Promise<SettingsJson> {
  return (await (await api.get("/api/settings")).json()) as SettingsJson;
}

test.describe("site settings", () => {
  test("an admin renames the site, changes its words and adds a top bar link; every page shows it", async ({
    adminPage: page,
    adminRequest,
    browser,
  }) => {
    const before = await currentSettings(adminRequest);
    try {
      await open(page, "/admin/settings");
      await waitForReact(page);
      await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
      await expect(page.getByLabel("Site name")).toHaveValue(before.siteName);

      await page.getByLabel("Site name").fill("The Harbour Ledger");
      await page.getByLabel("Tagline").fill("Tides, trade and town hall");
      await page.getByLabel("About text").fill("Written on the quay since this morning.");
      await page.getByLabel("Navigation link 1 label").fill("World");
      await page.getByLabel("Navigation link 1 URL").fill("/category/world-news");
      await page.getByRole("button", { name: "Add navigation link" }).click();
      await page.getByLabel("Social link 1 label").fill("Mastodon");
      await page.getByLabel("Social link 1 URL").fill("https://social.example/@ledger");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "status", "Settings saved")).toBeVisible();

      // An anonymous reader's next page shows the new name, words and links.
      const reader = await browser.newPage();
      try {
        await open(reader, "/");
        await expect(reader).toHaveTitle("The Harbour Ledger: Tides, trade and town hall");
        await expect(reader.getByRole("heading", { level: 1, name: "The Harbour Ledger" })).toBeVisible();
        await expect(reader.getByText("Tides, trade and town hall")).toBeVisible();
        await expect(reader.getByRole("contentinfo")).toContainText("Written on the quay since this morning.");
        await expect(reader.getByRole("contentinfo").getByRole("link", { name: "Mastodon" })).toHaveAttribute(
          "href",
          "https://social.example/@ledger",
        );
        await reader.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "World" }).click();
        await expect(reader).toHaveURL(/\/category\/world-news$/);
        await expect(reader).toHaveTitle(/\| The Harbour Ledger$/);
      } finally {
        await reader.close();
      }

      // A refused value is explained and changes nothing.
      await page.getByLabel("Navigation link 1 URL").fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(toast(page, "alert", "Links must be URLs starting with http:// or https://")).toBeVisible();
      expect((await currentSettings(adminRequest)).navigation).toEqual([
        { label: "World", url: "/category/world-news" },
      ]);
    } finally {
      const restored = await adminRequest.patch("/api/settings", {
        data: {
          siteName: before.siteName,
          tagline: before.tagline,
          about: before.about,
          navigation: before.navigation,
          socialLinks: before.socialLinks,
        },
      });
      expect(restored.ok()).toBeTruthy();
    }
  });

  test("editors and readers cannot open the settings screen", async ({ editorPage: page }) => {
    await page.goto("/admin/settings");
    await expect(page.getByText("Only admins can change the site settings.")).toBeVisible();
    await expect(page.getByLabel("Site name")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" })).toHaveCount(
      0,
    );
  });
});
