import type { APIRequestContext } from "@playwright/test";
import { createCategory, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { REMOTE_IMAGE, stubImages } from "./support/images";
import { serial, unique } from "./support/names";
import { open, toast, waitForReact } from "./support/page";

/*
 * Tags (docs/product/tags.md): added in the post editor with a suggestion of an existing tag,
 * shown on the post page as links, the tag page, and a rename in Admin → Tags.
 */

interface TagJson {
  _id: string;
  name: string;
  slug: string;
}

let category: Taxon;

async function createTaggedPost(api: APIRequestContext, title: string, tags: string[]) {
  const response = await api.post("/api/posts", {
    data: { title, category: category.name, content: "<p>A tagged story.</p>", image: [REMOTE_IMAGE], tags },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; slug: string; tags: { name: string; slug: string }[] };
}

async function tagsStartingWith(api: APIRequestContext, prefix: string): Promise<TagJson[]> {
  const response = await api.get(`/api/tags?search=${encodeURIComponent(prefix)}`);
  return ((await response.json()) as { items: TagJson[] }).items;
}

test.beforeAll(async ({ adminRequest }) => {
  category = await createCategory(adminRequest, unique("Tag Desk"));
});

test.afterAll(async ({ adminRequest }) => {
  const posts = await adminRequest.get(`/api/posts?category=${encodeURIComponent(category.name)}&limit=50`);
  for (const post of ((await posts.json()) as { items: { _id: string }[] }).items) {
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
  await adminRequest.delete(`/api/category/${category.slug}`);
});

test("an editor tags a post with a suggestion and a new tag; readers follow it to the tag page; Admin → Tags renames it", async ({
  adminPage: page,
  adminRequest,
}) => {
  await stubImages(page);
  const run = serial();
  const existing = `Volcanoes ${run}`;
  const fresh = `Lava ${run}`;
  await createTaggedPost(adminRequest, unique("Earlier eruption"), [existing]);
  const title = unique("Tagged in the editor");
  const post = await createTaggedPost(adminRequest, title, []);

  // The editor: typing suggests the existing tag; a click adds it, Enter adds a new one.
  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  const tagBox = page.getByRole("combobox", { name: "Tags", exact: true });
  await tagBox.fill(`volcanoes ${run}`.slice(0, -1));
  await page.getByRole("option", { name: existing }).click();
  await tagBox.fill(fresh);
  await tagBox.press("Enter");
  const chips = page.getByRole("list", { name: "Tags of this post" });
  await expect(chips.getByRole("listitem")).toHaveText([existing, fresh]);
  await chips.getByRole("button", { name: `Remove tag ${fresh}` }).click();
  await tagBox.fill(`${fresh},`);
  await expect(chips.getByRole("listitem")).toHaveText([existing, fresh]);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  // The post page lists its tags after the story, each a link to its tag page.
  await open(page, `/page/${post.slug}`);
  const tagLinks = page.getByRole("navigation", { name: "Tags" }).getByRole("link");
  await expect(tagLinks).toHaveText([`#${existing}`, `#${fresh}`]);
  await tagLinks.filter({ hasText: existing }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(existing);
  await expect(page).toHaveURL(/\/tag\/volcanoes-/);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][href*="/tag/volcanoes-"][href$="/rss.xml"]')).toHaveCount(1);

  // Admin → Tags: rename the new tag.
  await page.goto(`/admin/tags?search=${encodeURIComponent(fresh)}`);
  await waitForReact(page);
  await expect(page.getByRole("heading", { name: "Tags", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: fresh });
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await row.getByLabel(`Rename tag ${fresh}`).click();
  await row.getByLabel("New name").fill(`Molten rock ${run}`);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "status", `Tag renamed to Molten rock ${run}`)).toBeVisible();
  const renamed = await tagsStartingWith(adminRequest, `Molten rock ${run}`);
  expect(renamed.map((tag) => tag.name)).toEqual([`Molten rock ${run}`]);
  await open(page, `/page/${post.slug}`);
  await expect(page.getByRole("navigation", { name: "Tags" }).getByRole("link")).toHaveText([
    `#${existing}`,
    `#Molten rock ${run}`,
  ]);

  for (const tag of [...renamed, ...(await tagsStartingWith(adminRequest, existing))]) {
    await adminRequest.delete(`/api/tags/${tag._id}`);
  }
});
