import AxeBuilder from "@axe-core/playwright";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * Embeds, privacy first (decision 077): an address pasted alone in the editor becomes an embed;
 * the published post shows a placeholder, and the reader's browser asks the provider nothing
 * until the reader clicks its button. There is no internet here: the provider's frame is
 * answered by page.route, and every request is watched through Chromium's network log.
 */

const VIDEO = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";
const PROVIDER = /youtube|ytimg|googlevideo|vimeo|twitter|instagram|tiktok|spotify|soundcloud|bsky|codepen/;

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("an embed pasted in the editor, published, loads for a reader only on click", async ({
  adminPage: page,
  adminRequest,
  browser,
}) => {
  const category = await createCategory(adminRequest, unique("Embeds Desk"));
  const title = unique("A video worth the click");
  const post = await createPost(adminRequest, {
    title,
    category: category.name,
    content: "<p>Watch this.</p>",
    isPublished: false,
  });

  await page.goto(`/admin/edit-post/${post._id}`);
  await waitForReact(page);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  // A real paste event, as a browser sends it for Ctrl+V, carrying the address as plain text.
  await content.evaluate((element, url) => {
    const data = new DataTransfer();
    data.setData("text/plain", url);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, VIDEO);
  await expect(content.getByText("Load YouTube video")).toBeVisible();
  await expect(content.locator("iframe")).toHaveCount(0);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "status", "Post updated Successful")).toBeVisible();

  const saved = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as { content: string };
  expect(saved.content).toContain(`data-embed="youtube" data-url="${VIDEO}"`);

  const context = await browser.newContext();
  const reader = await context.newPage();
  try {
    const providerRequests: string[] = [];
    reader.on("request", (request) => {
      if (PROVIDER.test(new URL(request.url()).hostname)) providerRequests.push(request.url());
    });
    await reader.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Player</title><p>Playing</p>",
      }),
    );
    const response = await reader.goto(`/page/${post.slug}`);
    expect(response?.status()).toBe(200);
    expect(await response?.text()).not.toContain("<iframe");
    await waitForReact(reader);

    const figure = reader.locator("figure.embed");
    await expect(figure.getByRole("link", { name: "Open on YouTube" })).toHaveAttribute("href", VIDEO);
    await expect(figure.getByText("YouTube", { exact: true })).toBeVisible();
    const box = await figure.locator(".embed-box").boundingBox();
    expect(box && Math.round((box.width / box.height) * 9)).toBe(16);
    await reader.waitForLoadState("networkidle");
    expect(providerRequests).toEqual([]);
    expect(await reader.locator("iframe").count()).toBe(0);

    await figure.getByRole("button", { name: "Load YouTube video" }).click();
    const frame = figure.locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
    await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
    await expect(reader.frameLocator("figure.embed iframe").getByText("Playing")).toBeVisible();
    expect(providerRequests).toEqual(["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"]);
    const loaded = await figure.locator(".embed-box").boundingBox();
    expect(loaded?.height).toBe(box?.height);
  } finally {
    await context.close();
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});

test("without scripts a reader gets the placeholder's link, and no frame", async ({ adminRequest, noScriptPage }) => {
  const category = await createCategory(adminRequest, unique("Embeds Desk"));
  const post = await createPost(adminRequest, {
    title: unique("Listen without scripts"),
    category: category.name,
    content: "<p>https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC</p>",
  });
  await noScriptPage.goto(`/page/${post.slug}`);
  const figure = noScriptPage.locator("figure.embed");
  await expect(figure.getByRole("link", { name: "Open on Spotify" })).toBeVisible();
  await expect(figure.getByRole("button", { name: "Load Spotify audio" })).toBeHidden();
  await expect(noScriptPage.locator("iframe")).toHaveCount(0);
  await adminRequest.delete(`/api/posts/${post._id}`);
});

test("a post with embeds of each kind has no serious accessibility violation and no layout shift", async ({
  adminRequest,
  page,
}) => {
  const category = await createCategory(adminRequest, unique("Embeds Desk"));
  const addresses = [
    VIDEO,
    "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
    "https://x.com/jack/status/20",
    "https://codepen.io/team/pen/abc123",
  ];
  const post = await createPost(adminRequest, {
    title: unique("Every kind of embed"),
    category: category.name,
    content: addresses.map((address) => `<p>${address}</p>`).join("<p>Between them.</p>"),
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`/page/${post.slug}`);
  await waitForReact(page);
  await expect(page.getByRole("button", { name: /^Load / })).toHaveCount(addresses.length);
  for (const name of ["Load YouTube video", "Load Spotify audio", "Load X post", "Load CodePen pen"]) {
    await expect(page.getByRole("button", { name })).toBeVisible();
  }
  const results = await new AxeBuilder({ page }).include("figure.embed").analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  await adminRequest.delete(`/api/posts/${post._id}`);
});
