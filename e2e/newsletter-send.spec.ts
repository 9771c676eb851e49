import { createCategory, createPost } from "./support/content";
import { expect, test } from "./support/fixtures";
import { readNewestMailTo } from "./support/mail";
import { serial, unique } from "./support/names";
import { waitForReact } from "./support/page";

/*
 * Issue 42: an editor publishes a story with "Publish and send"; its send's progress shows in
 * Admin → Newsletters, and every subscriber gets the story by mail once.
 */

test("an editor publishes and sends a story; Admin → Newsletters shows the send, and each subscriber gets it", async ({
  editorPage: page,
  adminRequest,
}) => {
  const readers = [`first-${serial()}@example.com`, `second-${serial()}@example.com`];
  const imported = await adminRequest.post("/api/newsletters/subscribers/import", {
    headers: { "content-type": "text/csv" },
    data: `email,name\n${readers[0]},First Reader\n${readers[1]},Second Reader\n`,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const category = await createCategory(adminRequest, unique("Dispatches"));
  const post = await createPost(adminRequest, {
    title: unique("The lighthouse keepers"),
    category: category.name,
    content: "<p>The last keepers left the rock in 1998.</p>",
    isPublished: false,
  });
  try {
    await page.goto(`/admin/edit-post/${post._id}`);
    await waitForReact(page);
    const delivery = page.getByRole("group", { name: "Delivery" });
    await delivery.getByLabel("Publish and send").check();
    const sendTo = page.getByRole("group", { name: "Send to" });
    await expect(sendTo.getByRole("checkbox").first()).toBeChecked();
    await page.getByRole("button", { name: "Publish and send" }).click();

    // The send's figures, live while it goes, then final.
    // The click's save and send answer after the click returns: wait for the send to exist.
    let send: { id: string } | undefined;
    await expect
      .poll(async () => {
        const sends = await adminRequest.get(`/api/newsletters/sends?postId=${post._id}`);
        [send] = (await sends.json()).items as { id: string }[];
        return send?.id;
      })
      .toBeTruthy();
    await expect
      .poll(async () => (await (await adminRequest.get(`/api/newsletters/sends/${send?.id}`)).json()).status, {
        timeout: 30_000,
      })
      .toBe("sent");
    await page.goto("/admin/newsletters");
    await waitForReact(page);
    const card = page.locator(`#send-${send?.id}`);
    await expect(card).toContainText(post.title);
    const progress = card.getByRole("progressbar", { name: "Send progress" });
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(card).toContainText(/sent (\d+) of \1/);

    for (const reader of readers) {
      const mail = await readNewestMailTo(reader, new RegExp(post.title));
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(mail).toContain("The last keepers left the rock in 1998.");
    }
    // Published on the web too.
    expect((await adminRequest.get(`/api/posts/${post._id}`)).status()).toBe(200);
    expect((await (await adminRequest.get(`/api/posts/${post._id}`)).json()).isPublished).toBe(true);
  } finally {
    await adminRequest.delete(`/api/posts/${post._id}`);
  }
});
