import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { pngFile, stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * docs/product/media-library.md: an image uploaded once and described in Admin → Media is
 * picked from the library in another post's editor, its alt text coming along, and the library
 * then lists that post where the image is used.
 */

test("an image described in Admin → Media is picked from the library in the post editor", async ({
  adminPage: page,
  adminRequest,
}) => {
  await stubImages(page);
  const alt = unique("A red buoy off the harbour wall");
  const uploaded = await adminRequest.post("/api/media", { multipart: { file: pngFile("buoy.png") } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };

  // Described once, in Admin → Media.
  await page.goto(`/admin/media?q=`);
  await waitForReact(page);
  const card = page.getByRole("listitem").filter({ has: page.locator(`img[src="${url}?w=320"]`) });
  await expect(card.getByText("Not used anywhere", { exact: true })).toBeVisible();
  await card.getByLabel("Alt text").fill(alt);
  await card.getByRole("button", { name: /^Save details of / }).click();
  await expect(toast(page, "status", "Image details saved")).toBeVisible();

  const category = await createCategory(adminRequest, unique("Coast"));
  const post = await createPost(adminRequest, { title: unique("Buoys and bells"), category: category.name });
  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  await page.getByRole("button", { name: "Choose from library" }).first().click();
  const library = page.getByRole("dialog", { name: "Media library" });
  await library.getByRole("searchbox", { name: "Search the library" }).fill(alt);
  await library.getByRole("button", { name: "Search" }).click();
  await library.getByRole("button", { name: `Use image: ${alt}` }).click();
  await expect(library).toBeHidden();

  const current = page.getByRole("list", { name: "Current images" });
  await expect(current.locator(`img[src="${url}"]`)).toBeVisible();
  await expect(current.getByRole("textbox").last()).toHaveValue(alt);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  const saved = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as {
    image: string[];
    imageAlt: string[];
  };
  expect(saved.image).toContain(url);
  expect(saved.imageAlt[saved.image.indexOf(url)], JSON.stringify(saved)).toBe(alt);

  await page.goto(`/admin/media?q=${encodeURIComponent(alt)}`);
  await waitForReact(page);
  await expect(page.getByRole("article", { name: alt }).getByRole("link", { name: post.title })).toBeVisible();
});

test("the rich-text Image panel inserts a library image with its alt text", async ({
  adminPage: page,
  adminRequest,
}) => {
  const alt = unique("A lighthouse keeper lamp");
  const uploaded = await adminRequest.post("/api/media", { multipart: { file: pngFile("lamp.png") } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const id = url.replace(/^\/media\/|\.webp$/g, "");
  const described = await adminRequest.patch(`/api/media/${id}`, { data: { alt, caption: "Kept at the pier" } });
  expect(described.status(), await described.text()).toBe(200);

  await page.goto("/admin/add-post");
  await waitForReact(page);
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const choose = page
    .getByRole("group", { name: "Image", exact: true })
    .getByRole("button", { name: "Choose from library" });
  const library = page.getByRole("dialog", { name: "Media library" });

  // Escape closes the dialog and gives the focus back, leaving the panel open.
  await choose.click();
  await expect(library).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(library).toBeHidden();
  await expect(choose).toBeFocused();

  await choose.click();
  await library.getByRole("searchbox", { name: "Search the library" }).fill(alt);
  await library.getByRole("searchbox", { name: "Search the library" }).press("Enter");
  await library.getByRole("button", { name: `Use image: ${alt}` }).click();
  await expect(library).toBeHidden();
  await expect(editor.locator(`img[src="${url}"]`)).toHaveAttribute("alt", alt);

  // A description typed in the panel wins over the library's.
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await page.getByLabel("Image description (alt text)").fill("The lamp, lit");
  await choose.click();
  await library.getByRole("searchbox", { name: "Search the library" }).fill(alt);
  await library.getByRole("button", { name: "Search" }).click();
  await library.getByRole("button", { name: `Use image: ${alt}` }).click();
  await expect(editor.locator("img")).toHaveCount(2);
  await expect(editor.locator("img").nth(1)).toHaveAttribute("alt", "The lamp, lit");
  await expect(page.locator('input[name="content"]')).toHaveValue(new RegExp(`<img src="${url}" alt="${alt}">`));
});
