import type { APIRequestContext, Page } from "@playwright/test";
import { createAccount, logInThroughApi, newAccount } from "./support/accounts";
import { createCategory, createPost, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { pngFile, REMOTE_IMAGE, stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * Editor safety (docs/product/editor-safety.md, issue 43 items 1 and 2): a create sent twice
 * from the same form makes one post; a save over a colleague's is refused and merged.
 */

async function postsTitled(api: APIRequestContext, title: string): Promise<{ _id: string }[]> {
  const response = await api.get(`/api/posts?search=${encodeURIComponent(title)}&limit=50`);
  const { items } = (await response.json()) as { items: { _id: string; title: string }[] };
  return items.filter((item) => item.title === title);
}

async function openEditor(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForReact(page);
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
}

let category: Taxon;

test.beforeAll(async ({ adminRequest }) => {
  category = await createCategory(adminRequest, unique("Safety Desk"));
});

test.beforeEach(async ({ page }) => {
  await stubImages(page);
});

test("Enter in the Link field, then Publish, creates exactly one post", async ({ adminPage: page, adminRequest }) => {
  await openEditor(page, "/admin/add-post");
  const title = unique("Published once");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption({ label: category.name });
  await page.getByLabel("Choose images").setInputFiles([pngFile("once.png")]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "status", "Image uploaded successfully")).toBeVisible();

  const link = page.getByRole("textbox", { name: "Link", exact: true });
  await link.fill("https://example.com/source");
  await link.press("Enter");
  // The click that follows at once, before the first answer is back (0.46 s apart in the report).
  await page.evaluate(() => {
    const publish = [...document.querySelectorAll<HTMLButtonElement>("button[name=intent][value=publish]")][0];
    publish?.form?.requestSubmit(publish);
  });
  await expect(page).toHaveURL(/\/admin\/all-posts/, { timeout: 15_000 });
  await expect.poll(async () => (await postsTitled(adminRequest, title)).length).toBe(1);
  // Still one once every request has answered.
  await page.waitForTimeout(1000);
  expect(await postsTitled(adminRequest, title)).toHaveLength(1);
});

test("a save over a colleague's shows their change beside mine and merges them", async ({
  adminPage: page,
  adminRequest,
}) => {
  const post = await createPost(adminRequest, { title: unique("Keepers"), category: category.name });
  await openEditor(page, `/admin/edit-post/${post._id}`);

  // A colleague saves behind the editor's back.
  const theirTitle = unique("Keepers of the light");
  const saved = await adminRequest.patch(`/api/posts/${post._id}`, {
    data: { title: theirTitle, category: category.name, content: "<p>A short story.</p>", image: [REMOTE_IMAGE] },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" My new paragraph.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();

  const conflict = page.getByRole("region", { name: "Edit conflict" });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText("Someone else saved this post since you opened it")).toBeVisible();
  await expect(conflict.getByTestId("theirs-title")).toHaveText(theirTitle);
  await conflict.getByRole("button", { name: "Take their title" }).click();
  await expect(page.getByLabel("Title")).toHaveValue(theirTitle);
  await conflict.getByRole("button", { name: "Merge: keep my other changes" }).click();
  await expect(page.getByText("Merged with their version. Save to keep these values.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  const merged = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as {
    title: string;
    content: string;
    version: number;
  };
  expect(merged.title).toBe(theirTitle);
  expect(merged.content).toContain("My new paragraph.");
  expect(merged.version).toBe(3);
});

test("unsaved changes are autosaved into the revisions and offered back after the tab is lost", async ({
  adminPage: page,
  adminRequest,
}) => {
  const post = await createPost(adminRequest, { title: unique("Lighthouse log"), category: category.name });
  await openEditor(page, `/admin/edit-post/${post._id}`);
  const typedTitle = unique("Lighthouse log, the night of the storm");
  await page.getByLabel("Title").fill(typedTitle);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" The lamp stayed lit.");

  // A few seconds without typing: the server keeps the title and text as an autosave.
  await expect(page.getByText(/^Autosaved at /)).toBeVisible({ timeout: 15_000 });
  const revisions = (await (await adminRequest.get(`/api/posts/${post._id}/revisions`)).json()) as {
    title: string;
    autosave: boolean;
  }[];
  expect(revisions.filter((revision) => revision.autosave).map((revision) => revision.title)).toEqual([typedTitle]);
  // The post itself is unchanged until the editor saves.
  expect(((await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as { title: string }).title).toBe(
    post.title,
  );

  // The tab goes away without saving (a crash): the next editor screen offers the copy back.
  const context = page.context();
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await stubImages(again);
  await openEditor(again, `/admin/edit-post/${post._id}`);
  const offer = again.getByRole("region", { name: "Unsaved copy" });
  await expect(offer).toContainText(typedTitle);
  await expect(again.getByRole("list", { name: "Revisions" })).toContainText("(autosave)");
  await offer.getByRole("button", { name: "Restore my changes" }).click();
  await expect(again.getByLabel("Title")).toHaveValue(typedTitle);
  await expect(again.getByRole("textbox", { name: "Content" })).toContainText("The lamp stayed lit.");
  await again.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(again, "status", "Post updated Successful")).toBeVisible();
  expect(((await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as { title: string }).title).toBe(
    typedTitle,
  );

  // Saved: the copy is gone, and so is the autosave.
  await again.reload();
  await waitForReact(again);
  await expect(again.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(again.getByRole("region", { name: "Unsaved copy" })).toHaveCount(0);
  await expect(again.getByRole("list", { name: "Revisions" })).not.toContainText("(autosave)");
});

test("a colleague opening a post someone is editing is told who, and can take it over", async ({
  adminPage: page,
  adminRequest,
  browser,
  playwright,
}) => {
  const post = await createPost(adminRequest, { title: unique("Harbour dues"), category: category.name });
  await openEditor(page, `/admin/edit-post/${post._id}`);

  const account = newAccount("editor");
  const editor = await createAccount(playwright, account);
  const promoted = await adminRequest.patch("/api/users/updateRole", { data: { id: editor._id, role: "editor" } });
  expect(promoted.ok(), await promoted.text()).toBeTruthy();
  const colleague = await browser.newPage();
  try {
    await stubImages(colleague);
    await logInThroughApi(colleague, account);
    await openEditor(colleague, `/admin/edit-post/${post._id}`);
    const notice = colleague.getByRole("region", { name: "Someone else is editing" });
    await expect(notice).toContainText("E2E Admin is editing this post.");
    await notice.getByRole("button", { name: "Take over" }).click();
    await expect(notice).toHaveCount(0);
    // The first editor's screen learns it at its next heartbeat.
    await expect(page.getByRole("region", { name: "Someone else is editing" })).toContainText(
      `${account.name} has taken over this post.`,
      { timeout: 30_000 },
    );
  } finally {
    await colleague.close();
  }
});
