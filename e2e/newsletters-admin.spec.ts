import { expect, test } from "./support/fixtures";
import { unique } from "./support/names";
import { expectToast, waitForReact } from "./support/page";

/* Issue 42: Admin → Newsletters (add a newsletter, change how mail goes out) and Admin → Subscribers. */

test("an admin adds a newsletter, changes the delivery settings and opens the subscribers list", async ({
  adminPage: page,
  adminRequest,
}) => {
  const name = unique("Science Weekly");
  try {
    await page.goto("/admin/newsletters");
    await waitForReact(page);
    const table = page.getByRole("table", { name: "Newsletters" });
    await expect(table.getByRole("row", { name: /Default/ })).toBeVisible();

    const form = page.getByRole("region", { name: "Add newsletter" });
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Description").fill("Our science stories, every Friday");
    await form.getByLabel("Sender address").fill("science@example.com");
    await form.getByRole("button", { name: "Add newsletter" }).click();
    await expectToast(page, `Newsletter ${name} added`);
    const row = table.getByRole("row", { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell").nth(2)).toHaveText("0");

    const delivery = page.getByRole("region", { name: "Delivery" });
    await delivery.getByLabel("Messages per second").fill("25");
    await delivery.getByLabel(/^Tracking/).check();
    await delivery.getByRole("button", { name: "Save delivery settings" }).click();
    await expectToast(page, "Delivery settings saved");
    const saved = await (await adminRequest.get("/api/newsletters/settings")).json();
    expect(saved).toMatchObject({ messagesPerSecond: 25, tracking: true });

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Subscribers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Subscribers" })).toBeVisible();
    await expect(page.getByLabel("Newsletter")).toContainText(name);
  } finally {
    await adminRequest.put("/api/newsletters/settings", {
      data: { batchSize: 100, messagesPerSecond: 10, connections: 2, tracking: false },
    });
    const list = await (await adminRequest.get("/api/newsletters")).json();
    for (const item of list.items.filter((newsletter: { name: string }) => newsletter.name === name)) {
      await adminRequest.delete(`/api/newsletters/${item._id}`);
    }
  }
});
