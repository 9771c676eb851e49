import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { unique } from "./support/names";
import { toast, waitForReact } from "./support/page";

/*
 * Issue 15: an editor schedules a post from the editor; it stays a draft, shown as Scheduled
 * with its time, until the job queue of the running server publishes it.
 */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test.describe("scheduled publishing", () => {
  test("an editor schedules a draft, sees it as Scheduled, and unschedules it", async ({
    editorPage: page,
    adminRequest,
    browser,
  }) => {
    const category = await createCategory(adminRequest, unique("Schedule"));
    const title = unique("Scheduled from the editor");
    const post = await createPost(adminRequest, { title, category: category.name, isPublished: false });

    await page.goto(`/admin/edit-post/${post._id}`);
    await waitForReact(page);
    await page.getByLabel("Publish date and time").fill("2031-05-04T09:30");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page, "status", "Post updated Successful")).toBeVisible();
    await expect(page.getByText("Scheduled for 4 May 2031, 09:30 (UTC)")).toBeVisible();
    const saved = (await (await adminRequest.get(`/api/posts/${post._id}`)).json()) as { scheduledAt: string };
    expect(saved.scheduledAt).toBe("2031-05-04T09:30:00.000Z");

    const reader = await browser.newPage();
    try {
      expect((await reader.goto(`/page/${post.slug}`))?.status()).toBe(404);
    } finally {
      await reader.close();
    }

    await page.goto(`/admin/all-posts?search=${encodeURIComponent(title)}`);
    await expect(page.getByText("Scheduled 4 May 2031, 09:30 (UTC)")).toBeVisible();

    await page.goto(`/admin/edit-post/${post._id}`);
    await waitForReact(page);
    await expect(page.getByLabel("Publish date and time")).toHaveValue("2031-05-04T09:30");
    await page.getByRole("button", { name: "Unschedule (keep as draft)" }).click();
    await expect(toast(page, "status", "Post updated Successful")).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await adminRequest.delete(`/api/posts/${post._id}`);
  });

  test("a time in the past is refused with its message", async ({ editorPage: page, adminRequest }) => {
    const category = await createCategory(adminRequest, unique("Schedule past"));
    const post = await createPost(adminRequest, { title: unique("Too late"), category: category.name });
    await page.goto(`/admin/edit-post/${post._id}`);
    await waitForReact(page);
    await page.getByLabel("Publish date and time").fill("2020-01-01T08:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page, "alert", "The scheduled time must be in the future")).toBeVisible();
    await adminRequest.delete(`/api/posts/${post._id}`);
  });

  test("the running server publishes a scheduled post on its own", async ({ adminRequest, page }) => {
    const category = await createCategory(adminRequest, unique("Schedule live"));
    const title = unique("Goes live by itself");
    const response = await adminRequest.post("/api/posts", {
      data: {
        title,
        category: category.name,
        image: ["https://images.example/story.jpg"],
        scheduledAt: new Date(Date.now() + 3_000).toISOString(),
      },
    });
    expect(response.status()).toBe(201);
    const created = (await response.json()) as { slug: string; _id: string };
    await expect
      .poll(async () => (await page.request.get(`/api/posts/${created.slug}`)).status(), { timeout: 20_000 })
      .toBe(200);
    await page.goto(`/category/${category.slug}`);
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
    await adminRequest.delete(`/api/posts/${created._id}`);
  });
});
