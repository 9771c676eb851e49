import { createCategory, createPost, createType } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { open, toasts } from "./support/page";

/*
 * Issue 14: indexable category, type and author pages, the links that lead there, their
 * feeds and sitemap entries, and their structured data.
 */

/** The JSON-LD objects of the page, parsed. */
async function jsonLd(page: import("@playwright/test").Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test.describe("category pages", () => {
  test("lists a category's posts, pages with real links without JavaScript, and has a canonical URL and feed", async ({
    adminRequest,
    noScriptPage: page,
  }) => {
    const category = await createCategory(adminRequest, unique("Desk"));
    const titles: string[] = [];
    for (let index = 0; index < 10; index++) {
      const title = unique(`Desk story ${index}`);
      titles.push(title);
      await createPost(adminRequest, { title, category: category.name });
    }
    const response = await page.goto(`/category/${category.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${category.name} | Broadsheet`);
    await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/category/${category.slug}$`),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    // Its own feed first, then the site's.
    const feeds = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    await expect(feeds).toHaveCount(2);
    await expect(feeds.first()).toHaveAttribute("href", new RegExp(`/category/${category.slug}/rss.xml$`));
    await expect(feeds.last()).toHaveAttribute("href", /\/rss\.xml$/);
    await expect(feeds.last()).not.toHaveAttribute("href", /\/category\//);
    // Newest first, nine to a page.
    await expect(page.getByRole("link", { name: titles[9] })).toBeVisible();
    await expect(page.getByRole("link", { name: titles[0] })).toHaveCount(0);

    await page
      .getByRole("navigation", { name: `${category.name} posts pages` })
      .getByRole("link", { name: "Next" })
      .click();
    await expect(page).toHaveURL(`/category/${category.slug}?page=2`);
    await expect(page.getByRole("link", { name: titles[0] })).toBeVisible();
    await expect(page).toHaveTitle(`${category.name} – page 2 | Broadsheet`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      `The latest ${category.name} news, analysis and long reads from Broadsheet. Page 2.`,
    );
    expect((await page.goto(`/category/${category.slug}?page=3`))?.status()).toBe(404);
  });

  test("has CollectionPage and BreadcrumbList data, and type pages beneath it", async ({ adminRequest, page }) => {
    const category = await createCategory(adminRequest, unique("Arts"));
    const type = await createType(adminRequest, unique("Review"), category.name);
    const typed = await createPost(adminRequest, {
      title: unique("Typed story"),
      category: category.name,
      type: type.name,
    });
    const plain = await createPost(adminRequest, { title: unique("Plain story"), category: category.name });

    await open(page, `/category/${category.slug}`);
    const data = await jsonLd(page);
    expect(data.map((item) => item["@type"])).toEqual(expect.arrayContaining(["CollectionPage", "BreadcrumbList"]));

    await page
      .getByRole("navigation", { name: `Types of ${category.name}` })
      .getByRole("link", { name: type.name })
      .click();
    await expect(page).toHaveURL(`/category/${category.slug}/${type.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: type.name })).toBeVisible();
    await expect(page.getByRole("link", { name: typed.title })).toBeVisible();
    await expect(page.getByRole("link", { name: plain.title })).toHaveCount(0);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: category.name }),
    ).toBeVisible();
    // The type page has a feed of its own.
    const feedPath = `/category/${category.slug}/${type.slug}/rss.xml`;
    await expect(page.locator(`link[rel="alternate"][type="application/rss+xml"][href$="${feedPath}"]`)).toHaveCount(1);
    await expect(page.getByRole("link", { name: `${type.name} in ${category.name} RSS feed` })).toHaveAttribute(
      "href",
      feedPath,
    );
  });

  test("answers 404 for an unknown category or type", async ({ page }) => {
    expect((await page.goto(`/category/no-such-${Date.now()}`))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    expect((await page.goto(`/category/world-news/no-such-${Date.now()}`))?.status()).toBe(404);
  });

  test("is reached from the home page's More link, whose name makes sense on its own", async ({ page }) => {
    await open(page, "/");
    const more = page.getByRole("link", { name: "More World News stories" });
    await expect(more).toBeVisible();
    await expect(more).toHaveText("More World News stories");
    await more.click();
    await expect(page).toHaveURL("/category/world-news");
    await expect(page.getByRole("heading", { level: 1, name: "World News" })).toBeVisible();
  });

  test("is where a card's category label leads", async ({ adminRequest, page }) => {
    const category = await createCategory(adminRequest, unique("Labels"));
    const post = await createPost(adminRequest, { title: unique("Labelled story"), category: category.name });
    await open(page, `/search?search=${encodeURIComponent(post.title)}`);
    await page.getByRole("article").filter({ hasText: post.title }).getByRole("link", { name: category.name }).click();
    await expect(page).toHaveURL(`/category/${category.slug}`);
  });

  test("is where the category labels of the home page's top stories and carousels lead", async ({ page }) => {
    await open(page, "/");
    const topStory = page.locator("[data-mosaic-tile]").first().locator('a[href^="/category/"]');
    const topName = (await topStory.textContent()) ?? "";
    expect(topName).not.toBe("");
    await topStory.click();
    await expect(page).toHaveURL(/\/category\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: topName })).toBeVisible();

    // A carousel slides on its own: its label is followed by its address rather than a click.
    await open(page, "/");
    const carouselLabel = page
      .getByRole("region", { name: "Latest News" })
      .getByRole("article")
      .first()
      .locator('a[href^="/category/"]');
    const carouselName = (await carouselLabel.textContent()) ?? "";
    const href = (await carouselLabel.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/category\/[^/]+$/);
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name: carouselName })).toBeVisible();
  });
});

test.describe("author pages", () => {
  test("a byline leads to the author's page with their bio, set by staff in the profile", async ({
    editorPage: page,
  }) => {
    const category = await createCategory(page.request, unique("Bylines"));
    const post = await createPost(page.request, { title: unique("Bylined story"), category: category.name });

    await open(page, "/profile");
    const bio = `Writes about ${unique("cities")}.`;
    await page.getByLabel("Phone").fill("555 0100");
    await page.getByLabel("Address").fill("1 Fleet Street");
    await page.getByLabel("State").fill("London");
    await page.getByLabel("Country").fill("United Kingdom");
    await page.getByLabel("Bio").fill(bio);
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toasts(page).getByText("User updated successfully")).toBeVisible();

    await open(page, `/page/${post.slug}`);
    const byline = page.getByTestId("post-author");
    const name = (await byline.textContent()) ?? "";
    await byline.click();
    await expect(page).toHaveURL(/\/author\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(bio)).toBeVisible();
    await expect(page.getByRole("link", { name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(`${name} | Broadsheet`);
    const data = await jsonLd(page);
    expect(data.map((item) => item["@type"])).toEqual(expect.arrayContaining(["ProfilePage", "BreadcrumbList"]));
  });

  test("a reader has no Bio field and no author page", async ({ readerPage: page }) => {
    await open(page, "/profile");
    await expect(page.getByLabel("Name")).toBeVisible();
    await expect(page.getByLabel("Bio")).toHaveCount(0);
    const me = await (await page.request.get("/api/users/getUser")).json();
    expect((await page.goto(`/author/${me.slug}`))?.status()).toBe(404);
  });
});

test("the post page carries NewsArticle with its author's page and publisher, and a breadcrumb trail", async ({
  adminRequest,
  page,
}) => {
  const category = await createCategory(adminRequest, unique("Ld"));
  const post = await createPost(adminRequest, { title: unique("Structured story"), category: category.name });
  await page.goto(`/page/${post.slug}`);
  const data = await jsonLd(page);
  const article = data.find((item) => item["@type"] === "NewsArticle") as Record<string, any>;
  expect(article.author[0].url).toMatch(/\/author\/e2e-admin(-\d+)?$/);
  expect(article.publisher["@type"]).toBe("Organization");
  const crumbs = data.find((item) => item["@type"] === "BreadcrumbList") as Record<string, any>;
  expect(crumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    "Home",
    category.name,
    post.title,
  ]);
  await page.goto("/");
  const home = await jsonLd(page);
  const site = home.find((item) => item["@type"] === "WebSite") as Record<string, any>;
  expect(site.potentialAction.target.urlTemplate).toMatch(/\/search\?search=\{search_term_string\}$/);
});

test("the sitemap lists category and author pages, and each category has a feed", async ({ adminRequest, request }) => {
  const category = await createCategory(adminRequest, unique("Mapped"));
  const post = await createPost(adminRequest, { title: unique("Mapped story"), category: category.name });
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/category/${category.slug}</loc>`);
  expect(sitemap).toMatch(/\/author\/e2e-admin(-\d+)?<\/loc>/);
  const feed = await request.get(`/category/${category.slug}/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`/page/${post.slug}</link>`);
});
