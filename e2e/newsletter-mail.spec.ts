import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";

/*
 * Issue 42: the newsletter mail looks right where mail is read. The mail's HTML, as the preview
 * endpoint answers it (the exact HTML subscribers get, with a sample recipient's links), shown
 * at a desktop client's 600 px and a phone's 375 px: nothing scrolls sideways, and the title,
 * the lead image and the unsubscribe link are there. Screenshots go to test-results.
 */

const LONG_URL = `https://example.org/${"a-very-long-path-segment-".repeat(8)}end`;

test("a story's mail fits 600 px and 375 px wide, with its title, image and unsubscribe link", async ({
  editorPage: page,
  adminRequest,
}) => {
  await stubImages(page.context());
  // The still of the YouTube video the post links to, served by a host the test cannot reach.
  await page.context().route("https://i.ytimg.com/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#111"/></svg>',
    }),
  );
  const category = await createCategory(adminRequest, unique("Mail desk"));
  const title = unique("Harbour vote: what the council decided on the quay");
  const post = await createPost(adminRequest, {
    title,
    category: category.name,
    link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    content: `<h2>The vote</h2><p>Councillors met for six hours. Read the <a href="${LONG_URL}">${LONG_URL}</a>.</p>
      <blockquote>We will rebuild the quay.</blockquote><ul><li>Forty votes for</li><li>Two against</li></ul>
      <p><img src="https://images.example/wide.jpg" alt="The quay" width="1600" height="900"></p>
      <pre><code>${"const harbour = rebuild(quay);".repeat(4)}</code></pre>`,
  });
  try {
    for (const width of [600, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(`/api/newsletters/preview?postId=${post._id}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");

      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const lead = page.locator('img[src="https://images.example/story.jpg"]');
      await expect(lead).toBeVisible();
      expect(await lead.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      await expect(page.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Manage your subscription" })).toBeVisible();
      await expect(page.getByRole("link", { name: "\u25b6 Watch on YouTube" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Read on" })).toBeVisible();

      const { scrollWidth, viewport } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(scrollWidth, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(viewport);
      // Every image fits the column.
      const widest = await page.evaluate(() =>
        Math.max(...Array.from(document.images, (image) => image.getBoundingClientRect().right)),
      );
      expect(widest).toBeLessThanOrEqual(viewport);

      await page.screenshot({ path: test.info().outputPath(`newsletter-mail-${width}.png`), fullPage: true });
    }
  } finally {
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});
