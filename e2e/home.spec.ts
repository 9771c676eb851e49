import { formatCardDate, formatLongDate } from "@broadsheet/domain";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { toasts, waitForHydration } from "./support/page";

/*
 * The home page (docs/product.md#home). The suite's server seeds the demo magazine (SEED_DEMO
 * defaults to true on the embedded database), so every block has posts; expectations are
 * read from the API at test time, because other specs may add content to the same server.
 */

interface Summary {
  _id: string;
  slug: string;
  title: string;
  createdAt: string;
  category: string;
  categorySlug: string;
  likeCount: number;
  commentCount: number;
}

const CATEGORY_BLOCKS = [
  "World News",
  "National",
  "Technology",
  "Travel",
  "Business",
  "Sports",
  "HealthCare",
  "Entertainment",
] as const;
const LOGIN_URL = /\/login\?redirectTo=(\/|%2F)$/;

async function listPosts(request: APIRequestContext, limit: number, category?: string): Promise<Summary[]> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (category) query.set("category", category);
  const response = await request.get(`/api/posts?${query}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { items: Summary[] }).items;
}

async function openHome(page: Page, path = "/") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const carouselStatus = (carousel: Locator) => carousel.locator("[data-carousel-status]");

/** The slide at the left edge of the carousel (autoplay may have moved it since the page loaded). */
async function currentSlide(carousel: Locator): Promise<Locator> {
  await carousel.hover(); // hovering pauses the autoplay
  const status = carouselStatus(carousel);
  await expect(status).toHaveText(/item \d+ of \d+/);
  const item = Number(/item (\d+) of/.exec((await status.textContent()) ?? "")?.[1] ?? "1");
  await expect(carousel.locator("[data-carousel-track]")).not.toHaveClass(/transition-transform/);
  return carousel.getByRole("group").nth(item - 1);
}

test.describe("home page", () => {
  // The page loads ~20 API answers and some tests walk every block: leave room on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test("has its title, meta tags and every block with its heading", async ({ page }) => {
    await openHome(page);
    await expect(page).toHaveTitle("Broadsheet: News, analysis and long reads");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Broadsheet: News, analysis and long reads",
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Broadsheet" })).toBeVisible();
    for (const name of [
      "News update",
      "Latest News",
      "Jobs",
      ...CATEGORY_BLOCKS,
      "Audio & Video",
      "Featured News",
      "Reader poll",
      "In Case You Missed It",
    ]) {
      await expect(main.getByRole("heading", { name, exact: true }), name).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Advertisements" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Featured, poll and highlights" })).toBeVisible();
  });

  test("the news-update strip and the mosaic show the latest posts of their categories", async ({ page, request }) => {
    const [latestWorld] = await listPosts(request, 1, "World News");
    if (!latestWorld) throw new Error("the demo magazine has no World News post");
    await openHome(page);

    const update = region(page, "News update");
    await expect(update.locator("time")).toHaveText(formatLongDate(latestWorld.createdAt));
    await expect(update.getByRole("link", { name: latestWorld.title })).toHaveAttribute(
      "href",
      `/page/${latestWorld.slug}`,
    );

    const tiles = page.locator("[data-mosaic-tile]");
    await expect(tiles).toHaveCount(4);
    const categories = ["World News", "Travel", "Entertainment", "National"];
    for (const [index, category] of categories.entries()) {
      const [latest] = await listPosts(request, 1, category);
      if (!latest) throw new Error(`no ${category} post`);
      const tile = tiles.nth(index);
      await expect(tile).toContainText(category);
      await expect(tile.getByRole("link", { name: latest.title })).toHaveAttribute("href", `/page/${latest.slug}`);
    }
    // The first mosaic image is the page's largest paint: loaded at once; every other image is lazy.
    await expect(tiles.first().locator("img")).toHaveAttribute("loading", "eager");
    await expect(tiles.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
    const eager = await page.locator('main img:not([loading="lazy"])').count();
    expect(eager).toBe(1);
  });

  test("the carousels show 7 latest posts and the Jobs posts, each with Add To Read Later", async ({
    page,
    request,
  }) => {
    const latest = await listPosts(request, 7);
    const jobs = await listPosts(request, 7, "Jobs");
    await openHome(page);

    const latestNews = region(page, "Latest News");
    const slides = latestNews.getByRole("group");
    await expect(slides).toHaveCount(7);
    await expect(latestNews.getByRole("button", { name: "Add To Read Later" })).toHaveCount(7);
    for (const [index, post] of latest.entries()) {
      const slide = slides.nth(index);
      await expect(slide).toHaveAttribute("aria-roledescription", "slide");
      await expect(slide).toContainText(post.category);
      await expect(slide.locator("time")).toHaveText(formatCardDate(post.createdAt));
      await expect(slide.getByRole("heading").getByRole("link")).toHaveAttribute("href", `/page/${post.slug}`);
      await expect(slide.getByRole("link", { name: post.category, exact: true })).toHaveAttribute(
        "href",
        `/category/${post.categorySlug}`,
      );
    }

    const jobsCarousel = region(page, "Jobs");
    await expect(jobsCarousel.getByRole("group")).toHaveCount(jobs.length);
    await expect(jobsCarousel.getByRole("button", { name: "Add To Read Later" })).toHaveCount(jobs.length);
    await expect(jobsCarousel.getByRole("group").first()).toContainText("Jobs");
  });

  test("Add To Read Later sends a logged-out reader to log in", async ({ page }) => {
    await openHome(page);
    const slide = await currentSlide(region(page, "Latest News"));
    await slide.getByRole("button", { name: "Add To Read Later" }).click();
    await expect(page).toHaveURL(LOGIN_URL);
  });

  test("Next and Previous move the carousel, wrapping around", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openHome(page);
    const carousel = region(page, "Latest News");
    await carousel.hover(); // hovering pauses the autoplay
    const status = carouselStatus(carousel);
    const position = async () => Number(/item (\d+) of 7/.exec((await status.textContent()) ?? "")?.[1]);
    const before = await position();
    const firstSlide = carousel.getByRole("group").first();
    const xBefore = (await firstSlide.boundingBox())?.x ?? 0;

    await carousel.getByRole("button", { name: "Next Latest News" }).click();
    await expect(status).toHaveText(`Latest News: item ${(before % 7) + 1} of 7`);
    // The track slides by one card (a quarter of the row at 1280 px).
    await expect.poll(async () => (await firstSlide.boundingBox())?.x ?? 0).toBeLessThan(xBefore - 200);

    // A move made while the track still slides is ignored: wait until the 1000 ms transition has settled.
    const track = carousel.locator("[data-carousel-track]");
    await expect(track).not.toHaveClass(/transition-transform/);
    await carousel.getByRole("button", { name: "Previous Latest News" }).click();
    await expect(status).toHaveText(`Latest News: item ${before} of 7`);
    await expect(track).not.toHaveClass(/transition-transform/);
    if (before === 1) {
      await carousel.getByRole("button", { name: "Previous Latest News" }).click();
      await expect(status).toHaveText("Latest News: item 7 of 7");
    }
  });

  test("the carousel plays on its own every 3 s and can be paused", async ({ page }) => {
    // The page's timers run on Playwright's clock: the test moves time on instead of sleeping.
    await page.clock.install();
    await openHome(page);
    await page.mouse.move(0, 0);
    const carousel = region(page, "Latest News");
    const status = carouselStatus(carousel);
    const track = carousel.locator("[data-carousel-track]");
    await expect(track).not.toHaveClass(/transition-transform/);
    const start = await status.textContent();
    await page.clock.runFor(3_000);
    await expect(status).not.toHaveText(start ?? "");

    await carousel.getByRole("button", { name: "Pause Latest News autoplay" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(1_200); // a move under way settles
    await expect(track).not.toHaveClass(/transition-transform/);
    const paused = await status.textContent();
    await page.clock.runFor(4_000);
    await expect(status).toHaveText(paused ?? "");
    await expect(carousel.getByRole("button", { name: "Start Latest News autoplay" })).toBeVisible();
  });

  test("with reduced motion the carousel does not play by itself", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await openHome(page);
    await page.mouse.move(0, 0);
    const carousel = region(page, "Latest News");
    const status = carouselStatus(carousel);
    await expect(status).toHaveText("Latest News: item 1 of 7");
    await page.clock.runFor(4_000);
    await expect(status).toHaveText("Latest News: item 1 of 7");
    await expect(carousel.getByRole("button", { name: /autoplay/ })).toHaveCount(0);
    await carousel.getByRole("button", { name: "Next Latest News" }).click();
    await expect(status).toHaveText("Latest News: item 2 of 7");
    await context.close();
  });

  test("Featured News is a tablist with Trendy News first, exclusive panels and arrow keys", async ({
    page,
    request,
  }) => {
    const hotPosts = (await (await request.get("/api/posts/hot")).json()) as Summary[];
    await openHome(page);
    const tablist = page.getByRole("tablist", { name: "Featured News" });
    const hot = tablist.getByRole("tab", { name: "Hot News" });
    const trendy = tablist.getByRole("tab", { name: "Trendy News" });
    const mostRead = tablist.getByRole("tab", { name: "Most Read" });

    await expect(trendy).toHaveAttribute("aria-selected", "true");
    await expect(hot).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(page.getByRole("tabpanel", { name: "Trendy News" })).toBeVisible();

    await hot.click();
    await expect(hot).toHaveAttribute("aria-selected", "true");
    await expect(trendy).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    const hotPanel = page.getByRole("tabpanel", { name: "Hot News" });
    await expect(hotPanel).toBeVisible();
    if (hotPosts.length === 0) await expect(hotPanel).toHaveText("No posts yet.");
    else await expect(hotPanel.getByRole("listitem")).toHaveCount(Math.min(5, hotPosts.length));

    await hot.press("ArrowRight");
    await expect(trendy).toHaveAttribute("aria-selected", "true");
    await expect(trendy).toBeFocused();
    await trendy.press("ArrowRight");
    await expect(mostRead).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Most Read" })).toBeVisible();
    await mostRead.press("ArrowRight");
    await expect(hot).toBeFocused();
    await expect(hot).toHaveAttribute("aria-selected", "true");
    await hot.press("ArrowLeft");
    await expect(mostRead).toBeFocused();
    await mostRead.press("Home");
    await expect(hot).toHaveAttribute("aria-selected", "true");
    await hot.press("End");
    await expect(mostRead).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the Tab order.
    await expect(mostRead).toHaveAttribute("tabindex", "0");
    await expect(hot).toHaveAttribute("tabindex", "-1");

    const items = page.getByRole("tabpanel", { name: "Most Read" }).getByRole("listitem");
    expect(await items.count()).toBeLessThanOrEqual(5);
    for (const date of await items.locator("time").allTextContents())
      expect(date).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
  });

  test("Audio & Video loads the chosen item's frame only on Play, and switches on click", async ({ page, request }) => {
    const posts = await listPosts(request, 4, "Audio Video");
    expect(posts.length).toBeGreaterThan(1);
    const links: string[] = [];
    for (const post of posts) {
      const detail = (await (await request.get(`/api/posts/${post.slug}`)).json()) as { link: string };
      links.push(detail.link);
    }
    const providerRequests: string[] = [];
    page.on("request", (sent) => {
      if (/youtube|vimeo/.test(new URL(sent.url()).hostname)) providerRequests.push(sent.url());
    });
    await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>player</p>" }),
    );
    await openHome(page);

    const section = region(page, "Audio & Video");
    const items = section.getByRole("list", { name: "Videos" }).getByRole("button");
    await expect(items).toHaveCount(posts.length);
    await expect(items.first()).toHaveAttribute("aria-pressed", "true");
    await expect(items.nth(1)).toHaveAttribute("aria-pressed", "false");
    await expect(items.first()).toContainText(formatLongDate(posts[0]?.createdAt ?? ""));

    const frame = section.locator("iframe");
    await expect(frame).toHaveCount(0);
    expect(providerRequests).toEqual([]);
    await section.getByRole("button", { name: /^Play on / }).click();
    await expect(frame).toHaveCount(1);
    const embedOf = (link: string) =>
      link.replace(/^https:\/\/player\.vimeo\.com\/video\/(\d+)$/, "https://player.vimeo.com/video/$1?dnt=1");
    await expect(frame).toHaveAttribute("src", embedOf(links[0] ?? ""));
    await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation");
    await expect(frame).toHaveAttribute("allow", "encrypted-media; picture-in-picture");
    await expect(frame).toHaveAttribute("title", `Video: ${posts[0]?.title}`);

    // Pick an item whose video differs from the first one's (the demo reuses a few videos).
    const other = Math.max(
      1,
      links.findIndex((link) => link !== links[0]),
    );
    await items.nth(other).click();
    await expect(items.nth(other)).toHaveAttribute("aria-pressed", "true");
    await expect(items.first()).toHaveAttribute("aria-pressed", "false");
    await expect(frame).toHaveCount(0);
    await expect(section.getByRole("link", { name: new RegExp(`^Open on .*${posts[other]?.title}`) })).toBeVisible();
    await section.getByRole("button", { name: /^Play on / }).click();
    await expect(frame).toHaveAttribute("title", `Video: ${posts[other]?.title}`);
    await expect(frame).toHaveAttribute("src", embedOf(links[other] ?? ""));
    await expect(page).toHaveURL(/\/$/); // switched in place, no navigation
  });

  test("category blocks: card dates are DD-MMM-YYYY and counts show only above 0", async ({ page, request }) => {
    const expected = await Promise.all(CATEGORY_BLOCKS.map((category) => listPosts(request, 4, category)));
    await openHome(page);
    const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
    let zeroCounts = 0;
    for (const [blockIndex, category] of CATEGORY_BLOCKS.entries()) {
      const posts = expected[blockIndex] ?? [];
      const block = page.locator(`[data-category-block="${category}"]`);
      await expect(block.getByRole("heading", { level: 2, name: category })).toBeVisible();
      const rows = block.locator("ol > li");
      await expect(rows).toHaveCount(posts.length);
      // The lead image and the type label come from the category's first post.
      await expect(rows.first().locator("img").first()).toBeVisible();
      const shown = await rows.evaluateAll((items) =>
        items.map((item) => ({
          date: item.querySelector("time")?.textContent ?? "",
          href: item.querySelector('a[href^="/page/"]')?.getAttribute("href") ?? "",
          counts: [...item.querySelectorAll('[role="img"]')].map((count) => count.getAttribute("aria-label") ?? ""),
        })),
      );
      for (const [index, post] of posts.entries()) {
        const row = shown[index];
        expect(row?.date).toBe(formatCardDate(post.createdAt));
        expect(row?.href).toBe(`/page/${post.slug}`);
        const counts = [
          ...(post.likeCount > 0 ? [plural(post.likeCount, "like")] : []),
          ...(post.commentCount > 0 ? [plural(post.commentCount, "comment")] : []),
        ];
        expect(row?.counts, `${category} #${index + 1}`).toEqual(counts);
        zeroCounts += (post.likeCount === 0 ? 1 : 0) + (post.commentCount === 0 ? 1 : 0);
      }
    }
    expect(zeroCounts, "the demo data has posts without comments").toBeGreaterThan(0);
    // Every card date on the page, carousels and side lists included.
    for (const date of await page.locator("[data-card-date]").allTextContents()) {
      expect(date).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    }
  });

  test("liking a World News post sends a logged-out reader to log in", async ({ page }) => {
    await openHome(page);
    const block = page.locator('[data-category-block="World News"]');
    await block.locator("[data-like-button]").first().click();
    await expect(page).toHaveURL(LOGIN_URL);
  });

  test("a logged-in reader likes a World News post and saves one for later", async ({ readerPage: page, request }) => {
    await openHome(page);
    const [first] = await listPosts(request, 1, "World News");
    if (!first) throw new Error("no World News post");

    const row = page.locator('[data-category-block="World News"] ol > li').first();
    const like = row.locator("[data-like-button]");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(row.getByRole("img", { name: /^\d+ likes?$/ })).toHaveAccessibleName(
      `${first.likeCount + 1} like${first.likeCount + 1 === 1 ? "" : "s"}`,
    );
    await expect
      .poll(async () => ((await (await page.request.get(`/api/posts/${first.slug}`)).json()) as Summary).likeCount)
      .toBe(first.likeCount + 1);
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect
      .poll(async () => ((await (await page.request.get(`/api/posts/${first.slug}`)).json()) as Summary).likeCount)
      .toBe(first.likeCount);

    const slide = await currentSlide(region(page, "Latest News"));
    await slide.getByRole("button", { name: "Add To Read Later" }).click();
    await expect(toasts(page).getByText("Post added to your read later list")).toHaveCount(1);
    await expect(slide.getByRole("link", { name: "In your Read Later" })).toBeVisible();
    const wishlist = (await (await page.request.get("/api/users/getWishlist")).json()) as { wishlist: unknown[] };
    expect(wishlist.wishlist.length).toBe(1);
  });

  test("a logged-in reader votes in the poll and sees the results", async ({ readerPage: page }) => {
    await openHome(page);
    const poll = region(page, "Reader poll");
    const total = Number(/(\d+) votes? so far/.exec((await poll.textContent()) ?? "")?.[1]);
    const options = poll.getByRole("group").getByRole("radio");
    await expect(options).toHaveCount(3);
    await options.nth(1).check();
    await poll.getByRole("button", { name: "Vote" }).click();

    await expect(toasts(page).getByText("Thanks for voting!")).toBeVisible();
    const results = poll.locator("[data-poll-results]");
    await expect(results).toBeVisible();
    await expect(results.getByRole("listitem")).toHaveCount(3);
    await expect(results.getByRole("listitem").nth(1)).toContainText("(your vote)");
    for (const text of await results.getByRole("listitem").allTextContents()) expect(text).toMatch(/\d+%/);
    await expect(results).toContainText(`Total votes: ${total + 1}`);

    // Reloaded, the page remembers the vote and shows the results straight away.
    await openHome(page);
    await expect(region(page, "Reader poll").locator("[data-poll-results]")).toBeVisible();
  });

  test("voting twice shows the API's message as an error toast", async ({ readerPage: page }) => {
    await openHome(page);
    const poll = region(page, "Reader poll");
    // The reader votes elsewhere (another tab) after this page was loaded.
    const pollId = await poll.locator('input[name="pollId"]').inputValue();
    const elsewhere = await page.request.put(`/api/votes/vote/${pollId}`, { data: { option: 1 } });
    expect(elsewhere.ok()).toBeTruthy();

    await poll.getByRole("radio").first().check();
    await poll.getByRole("button", { name: "Vote" }).click();
    await expect(toasts(page).getByRole("alert")).toHaveText("You have already voted in this poll");
  });

  test("Vote sends a logged-out reader to log in", async ({ page }) => {
    await openHome(page);
    await region(page, "Reader poll").getByRole("button", { name: "Vote" }).click();
    await expect(page).toHaveURL(LOGIN_URL);
  });

  test("the advert header links each advert to its site in a new tab", async ({ page, request }) => {
    const response = await request.get("/api/adverts?category=Advert%20Top&limit=4");
    const adverts = ((await response.json()) as { items: { link: string }[] }).items;
    expect(adverts.length).toBeGreaterThan(0);
    await openHome(page);
    const header = page.getByRole("region", { name: "Advertisements" });
    await expect(header.getByText("Advertisement", { exact: true })).toBeVisible();
    const links = header.getByRole("link");
    await expect(links).toHaveCount(Math.min(4, adverts.length));
    for (const [index, advert] of adverts.slice(0, 4).entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute("href", advert.link);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer sponsored");
      await expect(link).toHaveAccessibleName(/advertisement, opens in a new tab/);
    }
  });

  test("In Case You Missed It lists up to 5 posts", async ({ page, request }) => {
    const icymi = (await (await request.get("/api/posts/icymi")).json()) as Summary[];
    await openHome(page);
    const block = region(page, "In Case You Missed It");
    if (icymi.length === 0) {
      await expect(block).toContainText("No posts yet.");
    } else {
      await expect(block.getByRole("listitem")).toHaveCount(Math.min(5, icymi.length));
      await expect(block.getByRole("link", { name: icymi[0]?.title })).toHaveAttribute(
        "href",
        `/page/${icymi[0]?.slug}`,
      );
    }
  });

  test("renders its blocks with JavaScript disabled", async ({ noScriptPage: page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    for (const name of ["Broadsheet", "Latest News", "Jobs", "World News", "Audio & Video", "Featured News"]) {
      await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    // The carousel is a plain row of all 7 cards; the Trendy panel is the one shown.
    await expect(region(page, "Latest News").getByRole("group")).toHaveCount(7);
    await expect(page.getByRole("tabpanel")).toHaveCount(1);
    await expect(page.getByRole("tabpanel", { name: "Trendy News" })).toBeVisible();
    // No frame without a reader's choice; without scripts, the link to the provider.
    await expect(page.locator("#audio-video iframe")).toHaveCount(0);
    await expect(region(page, "Audio & Video").getByRole("link", { name: /^Open on / })).toBeVisible();
    await expect(region(page, "Audio & Video").getByRole("button", { name: /^Play on / })).toBeHidden();
    await expect(region(page, "Reader poll").getByRole("button", { name: "Vote" })).toBeVisible();
    await expect(page.locator("[data-mosaic-tile]")).toHaveCount(4);

    // Choosing a video still works: each item submits ?video=N.
    const items = region(page, "Audio & Video").getByRole("list", { name: "Videos" }).getByRole("button");
    await items.nth(1).click();
    await expect(page).toHaveURL(/\?video=1#audio-video$/);
    await expect(items.nth(1)).toHaveAttribute("aria-pressed", "true");
  });
});
