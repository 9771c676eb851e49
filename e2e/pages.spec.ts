import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { serial } from "./support/names";
import { open, toast, waitForReact } from "./support/page";

/* Issue 41, static pages: Admin → Pages writes them, readers find them at /{slug}. */

interface PageJson {
  _id: string;
  slug: string;
  title: string;
  content: string;
  isPublished: boolean;
  parentId: string | null;
  metaTitle: string;
  metaDescription: string;
}

async function openPageForm(page: Page, path: string): Promise<void> {
  await open(page, path);
  await waitForReact(page);
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
}

async function pageBySlug(api: APIRequestContext, slug: string): Promise<PageJson> {
  const response = await api.get(`/api/pages/${slug}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as PageJson;
}

test.describe("static pages", () => {
  test("an editor adds a page in Admin → Pages and readers see it at /{slug}", async ({
    adminPage: page,
    adminRequest,
    browser,
  }) => {
    const slug = `advertise-${serial()}`;
    try {
      await open(page, "/admin/pages");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Pages" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
      await page.getByRole("link", { name: "Add Page" }).click();
      await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();

      await page.getByLabel("Title", { exact: true }).fill("Advertise with us");
      await page.getByLabel("Slug").fill(slug);
      const editor = page.getByRole("textbox", { name: "Content" });
      await editor.click();
      await editor.pressSequentially("Our rates start at ten pounds a week.");
      await page.getByLabel("Meta description").fill("Rates and audience.");
      await expect(page.getByText(/^19 of 155 characters\./)).toBeVisible();
      await page.getByLabel("Published").check();
      await page.getByRole("button", { name: "Save page" }).click();
      await expect(toast(page, "status", "Page created")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/pages$/);
      await expect(page.getByRole("row", { name: new RegExp(`Advertise with us /${slug} Published`) })).toBeVisible();

      const reader = await browser.newPage();
      try {
        await reader.goto(`/${slug}`);
        await expect(reader.getByRole("heading", { level: 1, name: "Advertise with us" })).toBeVisible();
        await expect(reader.getByText("Our rates start at ten pounds a week.")).toBeVisible();
        await expect(reader.locator('meta[name="description"]')).toHaveAttribute("content", "Rates and audience.");
      } finally {
        await reader.close();
      }
    } finally {
      const created = await adminRequest.get(`/api/pages/${slug}`);
      if (created.ok()) await adminRequest.delete(`/api/pages/${((await created.json()) as PageJson)._id}`);
    }
  });

  test("a slug one of the site's screens uses is refused with a clear message", async ({ adminPage: page }) => {
    await openPageForm(page, "/admin/add-page");
    await page.getByLabel("Title", { exact: true }).fill("Log in here");
    await page.getByLabel("Slug").fill("login");
    await page.getByRole("button", { name: "Save page" }).click();
    await expect(toast(page, "alert", "“login” is used by the site itself; choose another slug.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/add-page$/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Log in here");
  });

  test("the Terms are a page an admin edits, at the same address", async ({ adminPage: page, adminRequest }) => {
    const before = await pageBySlug(adminRequest, "terms");
    try {
      await open(page, "/admin/pages");
      await page.getByRole("link", { name: "Edit Terms of Use" }).click();
      const editor = page.getByRole("textbox", { name: "Content" });
      await expect(editor).toContainText("By using");
      await editor.click();
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.press("Enter");
      await editor.pressSequentially("Disputes go to the courts of Ruritania.");
      await page.getByRole("button", { name: "Save page" }).click();
      await expect(toast(page, "status", "Page saved")).toBeVisible();

      await page.getByRole("link", { name: "View page" }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
      await expect(page.getByText("Disputes go to the courts of Ruritania.")).toBeVisible();
      // The settings' values fill the page's [site-name] and [contact-email].
      await expect(page.locator("article")).not.toContainText("[site-name]");
    } finally {
      const { _id, title, slug, content, isPublished, parentId, metaTitle, metaDescription } = before;
      await adminRequest.put(`/api/pages/${_id}`, {
        data: { title, slug, content, isPublished, parentId, metaTitle, metaDescription },
      });
    }
  });

  test("an editor gives a page an excerpt and a canonical URL, and the public page shows and links them", async ({
    editorPage: page,
    adminRequest,
    browser,
  }) => {
    const slug = `history-${serial()}`;
    const created = await adminRequest.post("/api/pages", {
      data: { title: "Our history", slug, content: "<p>Founded in 1901.</p>", isPublished: true },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { _id } = (await created.json()) as PageJson;
    try {
      await openPageForm(page, `/admin/edit-page/${_id}`);
      await page.getByLabel("Excerpt").fill("A century of the paper in Leeds.");
      await page.getByLabel("Canonical URL").fill("https://archive.example/history");
      const preview = page.getByRole("figure", { name: "Search result preview" });
      await expect(preview).toContainText("https://archive.example/history");
      await expect(preview).toContainText("A century of the paper in Leeds.");
      await page.getByRole("button", { name: "Save page" }).click();
      await expect(toast(page, "status", "Page saved")).toBeVisible();

      const reader = await browser.newPage();
      try {
        await reader.goto(`/${slug}`);
        await expect(reader.getByRole("heading", { level: 1, name: "Our history" })).toBeVisible();
        await expect(reader.getByText("A century of the paper in Leeds.")).toBeVisible();
        await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          "https://archive.example/history",
        );
      } finally {
        await reader.close();
      }
    } finally {
      await adminRequest.delete(`/api/pages/${_id}`);
    }
  });

  test("Settings offers the site's pages for the navigation", async ({ adminPage: page }) => {
    await open(page, "/admin/settings");
    await waitForReact(page);
    await page.getByLabel("Add a page").selectOption({ label: "Privacy Policy" });
    const urls = page.getByLabel(/^Navigation link \d+ URL$/);
    const values = await urls.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(values).toContain("/privacy-policy");
  });
});
