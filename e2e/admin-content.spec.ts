import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { ADMIN, adminApi, logInThroughApi } from "./support/accounts";
import { baseUrl } from "./support/api";
import { createCategory, createPost, createType, findPost, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { pngFile, REMOTE_IMAGE, stubImages } from "./support/images";
import { RUN, unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * The admin content screens (docs/product.md#5-admin-screens, #10-flows-and-states, #8-validation-and-messages): All posts (table, search, pager,
 * publish toggle, delete), Add/Edit post (image uploader, type options, rich-text editor),
 * and the advert screens. Content is made through the API with names unique to this run;
 * what a test creates it removes, so the tests run in any order.
 */

/** Opens an admin form and waits for the editor to be ready. */
async function openEditorPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForReact(page);
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
}

/** Deletes every post whose title or category matches `search` (staff see drafts too). */
async function deletePostsMatching(api: APIRequestContext, search: string): Promise<void> {
  for (;;) {
    const response = await api.get(`/api/posts?search=${encodeURIComponent(search)}&limit=50`);
    const items = ((await response.json()) as { items: { _id: string }[] }).items;
    if (items.length === 0) return;
    for (const item of items) await api.delete(`/api/posts/${item._id}`);
  }
}

interface AdvertJson {
  _id: string;
  link: string;
  category: string;
  content: string;
  image: string[];
}

async function allAdverts(api: APIRequestContext): Promise<AdvertJson[]> {
  const adverts: AdvertJson[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(`/api/adverts?page=${page}&limit=50`);
    const body = (await response.json()) as { items: AdvertJson[]; total: number };
    adverts.push(...body.items);
    if (body.items.length === 0 || adverts.length >= body.total) return adverts;
  }
}

async function createAdvert(
  api: APIRequestContext,
  input: { link: string; category: string; content?: string; image?: string[] },
): Promise<AdvertJson> {
  const response = await api.post("/api/adverts", { data: { content: "", image: [REMOTE_IMAGE], ...input } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdvertJson;
}

async function anonymousStatus(browser: Browser, path: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    return (await context.request.get(path)).status();
  } finally {
    await context.close();
  }
}

/** The Link field of the forms (the editor's toolbar also has a "Link" button). */
const linkInput = (page: Page) => page.getByRole("textbox", { name: "Link", exact: true });

// Every screen here is an admin's, and its posts and adverts show remote images.
test.beforeEach(async ({ page }) => {
  await stubImages(page);
  await logInThroughApi(page, ADMIN);
});

test.describe("all posts", () => {
  let api: APIRequestContext;
  let category: Taxon;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    category = await createCategory(api, unique("Listing Desk"));
  });

  test.afterAll(async () => {
    await deletePostsMatching(api, category.name);
    await api.dispose();
  });

  test("the table shows s/n, cut titles, category and views; search and the pager", async ({ page }) => {
    const token = `pg${RUN}`;
    const titles: string[] = [];
    for (let index = 1; index <= 7; index++) {
      const title = `Story ${token} number ${index} of the pager`;
      titles.push(title);
      await createPost(api, { title, category: category.name });
    }
    await page.goto("/admin/all-posts");
    await expect(page.getByRole("heading", { level: 1, name: "All Posts" })).toBeVisible();
    await expect(page).toHaveTitle(/All Posts/);

    await page.getByLabel("Search posts").fill(token);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${token}`));

    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["s/n", "Title", "Category", "Views", "Actions"]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(6);
    // Newest first: the 7th post leads; titles are cut to 16 characters plus "...".
    const first = rows.first().getByRole("cell");
    await expect(first.nth(0)).toHaveText("1");
    await expect(first.nth(1)).toHaveText(`${titles[6]?.slice(0, 16)}...`);
    await expect(first.nth(1).locator("[title]")).toHaveAttribute("title", titles[6] ?? "");
    await expect(first.nth(2)).toHaveText(category.name);
    await expect(first.nth(3)).toHaveText(/^\d+$/);
    await expect(rows.nth(5).getByRole("cell").first()).toHaveText("6");

    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText("Page 1 of 2")).toBeVisible();
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("cell").first()).toHaveText("7");
    await expect(rows.first().getByRole("cell").nth(1)).toHaveText(`${titles[0]?.slice(0, 16)}...`);
    await pager.getByRole("link", { name: "Prev" }).click();
    await expect(rows).toHaveCount(6);

    await page.getByLabel("Search posts").fill(`nothing-like-${RUN}`);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No post found...")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test("view and edit lead to the post page and its edit screen; drafts are listed", async ({ page }) => {
    const post = await createPost(api, {
      title: unique("A listed draft"),
      category: category.name,
      isPublished: false,
    });
    await page.goto(`/admin/all-posts?search=${encodeURIComponent(post.title)}`);
    const row = page.getByRole("row").filter({ hasText: category.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: "Publish" })).toBeVisible();
    await expect(row.getByRole("link", { name: `View ${post.title}` })).toHaveAttribute("href", `/page/${post.slug}`);
    await expect(row.getByRole("link", { name: `Edit ${post.title}` })).toHaveAttribute(
      "href",
      `/admin/edit-post/${post._id}`,
    );
  });

  test("Publish / Unpublish flips in place and the post hides from anonymous readers", async ({ page, browser }) => {
    const post = await createPost(api, { title: unique("A story to toggle"), category: category.name });
    await page.goto(`/admin/all-posts?search=${encodeURIComponent(post.title)}`);
    await waitForReact(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const row = page.locator("tbody tr");
    await expect(row).toHaveCount(1);
    expect(await anonymousStatus(browser, `/page/${post.slug}`)).toBe(200);

    await row.getByRole("button", { name: "Unpublish" }).click();
    await expect(row.getByRole("button", { name: "Publish" })).toBeVisible();
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await expect
      .poll(
        async () => ((await (await api.get(`/api/posts/${post._id}`)).json()) as { isPublished: boolean }).isPublished,
      )
      .toBe(false);
    expect(await anonymousStatus(browser, `/page/${post.slug}`)).toBe(404);

    await row.getByRole("button", { name: "Publish" }).click();
    await expect(row.getByRole("button", { name: "Unpublish" })).toBeVisible();
    await expect
      .poll(
        async () => ((await (await api.get(`/api/posts/${post._id}`)).json()) as { isPublished: boolean }).isPublished,
      )
      .toBe(true);
    expect(await anonymousStatus(browser, `/page/${post.slug}`)).toBe(200);
    // No full page load happened: the marker set before the toggles is still there.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test("delete asks first: Cancel keeps the post, Delete removes it", async ({ page }) => {
    const post = await createPost(api, { title: unique("A story to delete"), category: category.name });
    await page.goto(`/admin/all-posts?search=${encodeURIComponent(post.title)}`);
    await waitForReact(page);
    const deleteButton = page.getByRole("button", { name: `Delete ${post.title}` });
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete this post?" });

    await deleteButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    expect((await api.get(`/api/posts/${post._id}`)).status()).toBe(200);

    await deleteButton.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Post deleted successfully")).toBeVisible();
    await expect(page.getByText("No post found...")).toBeVisible();
    expect((await api.get(`/api/posts/${post._id}`)).status()).toBe(404);
  });
});

test.describe("add and edit post", () => {
  let api: APIRequestContext;
  let category: Taxon;
  let otherCategory: Taxon;
  let types: Taxon[];
  let otherType: Taxon;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
    category = await createCategory(api, unique("Editing Desk"));
    otherCategory = await createCategory(api, unique("Other Desk"));
    types = [
      await createType(api, unique("Analysis"), category.name),
      await createType(api, unique("Brief"), category.name),
    ];
    otherType = await createType(api, unique("Interview"), otherCategory.name);
  });

  test.afterAll(async () => {
    await deletePostsMatching(api, category.name);
    await deletePostsMatching(api, otherCategory.name);
    await api.dispose();
  });

  test("saving without an image is refused with 'Please add an image' and keeps the typed title", async ({ page }) => {
    await openEditorPage(page, "/admin/add-post");
    await expect(page).toHaveTitle(/Add Post/);
    const title = unique("Imageless");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(toast(page, "alert", "Please add an image")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/add-post$/);
    await expect(page.getByLabel("Title")).toHaveValue(title);
  });

  test("the uploader refuses more than 5 files at once, uploads, reorders and removes", async ({ page }) => {
    await openEditorPage(page, "/admin/add-post");
    const chooser = page.getByLabel("Choose images");
    await expect(chooser).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");
    const upload = page.getByRole("button", { name: "Upload", exact: true });
    await expect(upload).toBeDisabled();

    await chooser.setInputFiles(Array.from({ length: 6 }, (_, index) => pngFile(`too-many-${index + 1}.png`)));
    const selection = page.getByRole("list", { name: "Selected files" });
    await expect(selection.getByRole("listitem")).toHaveCount(6);
    await expect(selection).toContainText("too-many-6.png");
    await expect(page.getByText("You can't upload more than 5 images! Please remove 1 of them.")).toBeVisible();
    await expect(upload).toBeDisabled();
    await page.getByRole("button", { name: "Remove too-many-6.png from the selection" }).click();
    await expect(page.getByText("You can't upload more than 5 images!")).toHaveCount(0);
    await expect(upload).toBeEnabled();

    // Slow the uploads a little so the progress text can be seen.
    await page.route("**/api/media", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await chooser.setInputFiles([pngFile("first.png"), pngFile("second.png")]);
    await expect(selection).toContainText("first.png");
    await expect(selection).toContainText("second.png");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("button", { name: /Uploading \d of 2/ })).toBeVisible();
    await expect(toast(page, "status", "Image uploaded successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Selected files" })).toHaveCount(0);

    const current = page.getByRole("list", { name: "Current images" });
    await expect(current.getByRole("img")).toHaveCount(2);
    const sources = () =>
      current.getByRole("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
    const [first, second] = await sources();
    expect(first).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(second).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    // The thumbnails really load.
    await expect
      .poll(() =>
        current
          .getByRole("img")
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await expect(page.getByRole("button", { name: "Move image 1 left" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move image 2 right" })).toBeDisabled();

    await page.getByRole("button", { name: "Move image 2 left" }).click();
    expect(await sources()).toEqual([second, first]);
    await page.getByRole("button", { name: "Move image 1 right" }).click();
    expect(await sources()).toEqual([first, second]);
    await page.getByRole("button", { name: "Remove image 1" }).click();
    expect(await sources()).toEqual([second]);
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveCount(1);
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(second ?? "");
  });

  test("the type options follow the chosen category", async ({ page }) => {
    await openEditorPage(page, "/admin/add-post");
    const categorySelect = page.getByLabel("Category");
    const typeSelect = page.getByLabel("Type", { exact: true });
    await expect(typeSelect).toBeDisabled();

    await categorySelect.selectOption(category.slug);
    await expect(typeSelect).toBeEnabled();
    await expect(typeSelect.locator("option")).toHaveText(["No type", ...types.map((type) => type.name).sort()]);
    await typeSelect.selectOption(types[0]?.slug ?? "");

    await categorySelect.selectOption(otherCategory.slug);
    await expect(typeSelect.locator("option")).toHaveText(["No type", otherType.name]);
    // The type of the other category does not stay chosen.
    await expect(typeSelect).toHaveValue("");
  });

  test("a javascript: link is refused; an https link is applied", async ({ page }) => {
    await openEditorPage(page, "/admin/add-post");
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("Read the report");
    await page.keyboard.press("Shift+Home");

    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByLabel("Link URL").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Apply link" }).click();
    await expect(toast(page, "alert", "Links must start with http://, https://, mailto: or tel:")).toBeVisible();
    await expect(editor.locator("a")).toHaveCount(0);

    await page.getByLabel("Link URL").fill("https://example.com/report");
    await page.getByRole("button", { name: "Apply link" }).click();
    await expect(editor.locator("a")).toHaveAttribute("href", "https://example.com/report");
    await expect(editor.locator("a")).toHaveText("Read the report");
    await expect(page.locator('input[name="content"]')).toHaveValue(/href="https:\/\/example.com\/report"/);
  });

  test("the Image button inserts an image by URL or by upload", async ({ page }) => {
    await openEditorPage(page, "/admin/add-post");
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();

    await page.getByRole("button", { name: "Image", exact: true }).click();
    await page.getByLabel("Image URL").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Insert image" }).click();
    await expect(toast(page, "alert", "Image URL must start with http:// or https://")).toBeVisible();
    await page.getByLabel("Image URL").fill("https://images.example/inline.jpg");
    await page.getByLabel("Image description (alt text)").fill("The harbour at dawn");
    await page.getByRole("button", { name: "Insert image" }).click();
    await expect(editor.locator("img")).toHaveAttribute("src", "https://images.example/inline.jpg");
    await expect(editor.locator("img")).toHaveAttribute("alt", "The harbour at dawn");

    await page.getByRole("button", { name: "Image", exact: true }).click();
    await page.getByLabel("Upload an image").setInputFiles([pngFile("inline.png")]);
    await expect(toast(page, "status", "Image uploaded successfully")).toBeVisible();
    await expect(editor.locator("img")).toHaveCount(2);
    await expect(editor.locator("img").nth(1)).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}\.webp$/);
    await expect(page.locator('input[name="content"]')).toHaveValue(/<img src="\/media\//);
  });

  test("writing with the toolbar, then Publish creates the post with formatted content", async ({ page }) => {
    const title = unique("Toolbar made story");
    await openEditorPage(page, "/admin/add-post");

    await page.getByLabel("Choose images").setInputFiles([pngFile("cover.png")]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveCount(1);
    await page.getByLabel("Image 1 caption").fill("A grey square drawn for the test");

    await page.getByLabel("Title").fill(title);
    await linkInput(page).fill("https://source.example/story");
    await page.getByLabel("Category").selectOption(category.slug);
    await page.getByLabel("Type", { exact: true }).selectOption(types[1]?.slug ?? "");

    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.getByRole("button", { name: "Heading 2" }).click();
    await expect(page.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("What happened next");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Bold" }).click();
    await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Strong words");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" and a plain ending.");
    await expect(editor.locator("h2")).toHaveText("What happened next");
    await expect(editor.locator("strong")).toHaveText("Strong words");

    // Undo takes back the last typing group; Redo brings it back.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(editor).not.toContainText("plain ending");
    await page.getByRole("button", { name: "Redo" }).click();
    await expect(editor).toContainText("and a plain ending.");

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, "status", "Post created Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/all-posts$/);
    await expect(page.getByRole("cell", { name: `${title.slice(0, 16)}...` }).first()).toBeVisible();

    const created = await findPost(api, title);
    expect(created?.isPublished).toBe(true);
    expect(created?.type).toBe(types[1]?.name);
    await page.goto(`/page/${created?.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const body = page.locator("article .prose");
    await expect(body.locator("h2")).toHaveText("What happened next");
    await expect(body.locator("strong")).toHaveText("Strong words");
    await expect(body).toContainText("Strong words and a plain ending.");
    await expect(page.getByRole("img", { name: "A grey square drawn for the test" })).toBeVisible();
    await expect(page.locator("figcaption").filter({ hasText: "A grey square drawn for the test" })).toBeVisible();
  });

  test("Save as draft creates an unpublished post", async ({ page, browser }) => {
    const title = unique("Drafted story");
    await openEditorPage(page, "/admin/add-post");
    await page.getByLabel("Choose images").setInputFiles([pngFile("draft.png")]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveCount(1);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").selectOption(category.slug);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(toast(page, "status", "Post created Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/all-posts$/);
    const created = await findPost(api, title);
    expect(created?.isPublished).toBe(false);
    expect(await anonymousStatus(browser, `/page/${created?.slug}`)).toBe(404);
  });

  test("edit shows the current values, keeps typed values on a refusal and updates", async ({ page }) => {
    const title = unique("Story before the edit");
    const post = await createPost(api, {
      title,
      category: category.name,
      type: types[0]?.name,
      link: "https://source.example/original",
      content: "<p>Original <strong>body</strong> text.</p>",
    });
    await openEditorPage(page, `/admin/edit-post/${post._id}`);
    await expect(page).toHaveTitle(/Edit/);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(linkInput(page)).toHaveValue("https://source.example/original");
    await expect(page.getByLabel("Category")).toHaveValue(category.slug);
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue(types[0]?.slug ?? "");
    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor.locator("strong")).toHaveText("body");
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveAttribute(
      "src",
      REMOTE_IMAGE,
    );

    // The server refuses a non-http link: its message is shown, the typed values stay.
    const newTitle = unique("Story after the edit");
    await page.getByLabel("Title").fill(newTitle);
    await linkInput(page).fill("ftp://files.example/story");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, "alert", "Link must be a URL starting with http:// or https://")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(newTitle);
    await expect(linkInput(page)).toHaveValue("ftp://files.example/story");

    await linkInput(page).fill("https://source.example/updated");
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Added later.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, "status", "Post updated Successful")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-post/${post._id}$`));
    const saved = (await (await api.get(`/api/posts/${post._id}`)).json()) as {
      title: string;
      link: string;
      content: string;
    };
    expect(saved.title).toBe(newTitle);
    expect(saved.link).toBe("https://source.example/updated");
    expect(saved.content).toContain("Added later.");

    // Without any image the edit screen answers with an info message.
    await page.getByRole("button", { name: "Remove image 1" }).click();
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(toast(page, "status", "Please add an image")).toBeVisible();
    expect(((await (await api.get(`/api/posts/${post._id}`)).json()) as { image: string[] }).image).toEqual([
      REMOTE_IMAGE,
    ]);
  });
});

test.describe("adverts", () => {
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    api = await adminApi(playwright);
  });

  test.afterAll(async () => {
    for (const advert of await allAdverts(api)) {
      if (advert.link.includes(RUN)) await api.delete(`/api/adverts/${advert._id}`);
    }
    await api.dispose();
  });

  test("add an advert: image required, placement select, then it is listed; edit updates it", async ({ page }) => {
    const link = `https://advertiser.example/${RUN}/spring-sale`;
    await openEditorPage(page, "/admin/add-adds");
    await expect(page).toHaveTitle(/Add Advert/);
    await expect(page.getByLabel("Choose images")).toHaveAttribute(
      "accept",
      "image/jpeg,image/jpg,image/png,image/gif,image/webp",
    );
    const placement = page.getByLabel("Category");
    await expect(placement.locator("option")).toHaveText(["Advert Top", "Advert Main", "Advert Main2"]);

    await linkInput(page).fill(link);
    await placement.selectOption("Advert Main");
    await page.getByRole("button", { name: "Create advert" }).click();
    await expect(toast(page, "alert", "Please add an image")).toBeVisible();
    await expect(linkInput(page)).toHaveValue(link);

    await page.getByLabel("Choose images").setInputFiles([pngFile("advert.png")]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveCount(1);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Everything half price this spring.");
    await page.getByRole("button", { name: "Create advert" }).click();
    await expect(toast(page, "status", "Add created Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/all-adds$/);

    const row = page.getByRole("row").filter({ has: page.locator(`a[href="${link}"]`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Advert Main");
    await expect(row.getByRole("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}\.webp$/);

    await row.getByRole("link", { name: /^Edit / }).click();
    await expect(page).toHaveURL(/\/admin\/edit-add\//);
    await waitForReact(page);
    await expect(linkInput(page)).toHaveValue(link);
    await expect(page.getByLabel("Category")).toHaveValue("Advert Main");
    await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Everything half price");
    await page.getByLabel("Category").selectOption("Advert Main2");
    await page.getByRole("button", { name: "Update advert" }).click();
    await expect(toast(page, "status", "Add updated Successful")).toBeVisible();
    const saved = (await allAdverts(api)).find((advert) => advert.link === link);
    expect(saved?.category).toBe("Advert Main2");
    expect(saved?.content).toContain("Everything half price this spring.");
  });

  test("delete asks 'Are you sure to delete this adds?': Cancel keeps it, Delete removes it", async ({ page }) => {
    const advert = await createAdvert(api, {
      link: `https://advertiser.example/${RUN}/doomed`,
      category: "Advert Top",
    });
    await page.goto("/admin/all-adds");
    await waitForReact(page);
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="${advert.link}"]`) });
    await expect(row).toHaveCount(1);
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete this adds?" });

    await row.getByRole("button", { name: /^Delete / }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await api.get(`/api/adverts/${advert._id}`)).status()).toBe(200);

    await row.getByRole("button", { name: /^Delete / }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "status", "Add deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await api.get(`/api/adverts/${advert._id}`)).status()).toBe(404);
  });

  test("with no advert at all the list says 'No adds found...'", async ({ page }) => {
    // Empties the list for a moment, then puts the adverts back (oldest first, so the order stays).
    const saved = await allAdverts(api);
    try {
      for (const advert of saved) expect((await api.delete(`/api/adverts/${advert._id}`)).ok()).toBeTruthy();
      await page.goto("/admin/all-adds");
      await expect(page.getByText("No adds found...")).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
    } finally {
      for (const advert of [...saved].reverse()) {
        await createAdvert(api, {
          link: advert.link,
          category: advert.category,
          content: advert.content,
          image: advert.image,
        });
      }
    }
    expect((await allAdverts(api)).length).toBe(saved.length);
  });
});
