import { ADMIN } from "./support/accounts";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";
import { expectToast, waitForReact } from "./support/page";

/*
 * docs/product/moderation.md: with "first-time commenters" held, a new reader's comment waits
 * for review (its author sees it marked, an anonymous reader does not) until an editor
 * approves it in Admin → Comments; then everyone sees it.
 */

test("a first-time commenter's comment is held, then approved in Admin → Comments and shown to everyone", async ({
  readerPage: page,
  adminRequest,
  browser,
  baseURL,
}) => {
  const held = await adminRequest.patch("/api/settings", { data: { commentModeration: "first" } });
  expect(held.status(), await held.text()).toBe(200);
  try {
    const category = await createCategory(adminRequest, unique("Letters"));
    const post = await createPost(adminRequest, { title: unique("The harbour wall"), category: category.name });
    const text = unique("First time here: the wall needs mending");

    await page.goto(`/page/${post.slug}`);
    await waitForReact(page);
    await page.getByRole("textbox", { name: "Your comment" }).fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectToast(page, "Thanks! Your comment is waiting for review");
    const comments = page.getByRole("list", { name: "Comments" });
    await expect(comments.getByText(text)).toBeVisible();
    await expect(comments.getByText("Waiting for review: only you and the editors see it.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Comments \(0\)/ })).toBeVisible();

    const stranger = await browser.newContext({ baseURL });
    try {
      const anonymous = await stranger.newPage();
      await anonymous.goto(`/page/${post.slug}`);
      await expect(anonymous.getByText("There is no comment for this post yet.")).toBeVisible();
      await expect(anonymous.getByText(text)).toHaveCount(0);

      const editor = await browser.newContext({ baseURL });
      const desk = await editor.newPage();
      try {
        const login = await desk.request.post("/api/users/login", { data: ADMIN });
        expect(login.ok()).toBeTruthy();
        await desk.goto("/admin/comments?status=pending");
        await waitForReact(desk);
        await expect(desk.getByRole("link", { name: /Pending \(\d+\)/ })).toHaveAttribute("aria-current", "page");
        const row = desk.getByRole("row").filter({ hasText: text });
        await expect(row).toContainText("Waiting for review");
        await row.getByRole("button", { name: /^Approve: comment by / }).click();
        await expectToast(desk, "Comment approved");
        await expect(desk.getByRole("row").filter({ hasText: text })).toHaveCount(0);
      } finally {
        await editor.close();
      }

      await anonymous.reload();
      await expect(anonymous.getByRole("list", { name: "Comments" }).getByText(text)).toBeVisible();
      await expect(anonymous.getByRole("heading", { name: /Comments \(1\)/ })).toBeVisible();
    } finally {
      await stranger.close();
    }
    await page.reload();
    await expect(page.getByText("Waiting for review: only you and the editors see it.")).toHaveCount(0);
  } finally {
    await adminRequest.patch("/api/settings", { data: { commentModeration: "off" } });
  }
});
