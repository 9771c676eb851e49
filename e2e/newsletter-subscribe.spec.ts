import { SUBSCRIBER_MESSAGES } from "@broadsheet/domain";
import type { APIRequestContext } from "@playwright/test";
import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { stubImages } from "./support/images";
import { readNewestMailTo } from "./support/mail";
import { unique } from "./support/names";
import { waitForReact } from "./support/page";

/*
 * Subscribing (docs/product/subscribers.md): from the form after a story, the confirmation
 * mail's link (read from the outbox), its page's button, then the manage page and leaving.
 */

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test("a reader subscribes after a story, confirms from the mail, then manages and unsubscribes", async ({
  page,
  adminRequest,
}) => {
  const category = await createCategory(adminRequest, unique("Letters"));
  const post = await createPost(adminRequest, { title: unique("Harbour lights"), category: category.name });
  const email = `${unique("subscriber")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")}@example.com`;

  await page.goto(`/page/${post.slug}`);
  await waitForReact(page);
  const form = page.locator('[data-signup-form="post-page"]');
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText(SUBSCRIBER_MESSAGES.subscribeAccepted);

  const mail = await readNewestMailTo(email);
  expect(mail).toMatch(/Subject: Confirm your subscription/);
  const confirmPath = mail.match(/\/newsletters\/confirm\/[\w-]+/)?.[0] ?? "";
  expect(confirmPath).not.toBe("");

  // Opening the link confirms nothing (mail scanners open links): its button does.
  const opened = await page.goto(confirmPath);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
  await expect(page.getByText(SUBSCRIBER_MESSAGES.confirmed)).toBeVisible();

  // The manage link of the mails: the address's newsletters, then leaving them all.
  const token = await manageTokenOf(adminRequest, email);
  await page.goto(`/newsletters/manage/${token}`);
  await expect(page.getByText(email)).toBeVisible();
  const general = page.getByRole("checkbox", { name: /newsletter/i }).first();
  await expect(general).toBeChecked();
  await page.getByRole("button", { name: "Unsubscribe from all" }).click();
  await expect(page.getByText(SUBSCRIBER_MESSAGES.unsubscribed)).toBeVisible();
  await expect(general).not.toBeChecked();
  const listed = await adminRequest.get(`/api/newsletters/subscribers?search=${encodeURIComponent(email)}`);
  expect(((await listed.json()) as { items: { status: string }[] }).items[0]?.status).toBe("unsubscribed");
});

/**
 * The manage token is in every newsletter mail; this test has none (sending is another
 * part's), so it asks the subscribe endpoint for the "subscribed already" note, which carries it.
 */
async function manageTokenOf(api: APIRequestContext, email: string): Promise<string> {
  const response = await api.post("/api/newsletters/subscribe", { data: { email } });
  expect(response.status()).toBe(202);
  const note = await readNewestMailTo(email, /Subject: You are already subscribed/);
  return note.match(/\/newsletters\/manage\/([\w-]+)/)?.[1] ?? "";
}
