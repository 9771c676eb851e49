import { expect, test } from "./support/fixtures";
import { readNewestMailTo } from "./support/mail";
import { unique } from "./support/names";
import { waitForReact } from "./support/page";

/*
 * Invitations (docs/product/staff.md): an admin invites a colleague from Admin → Users, the
 * mail's link (read from the outbox) opens "Accept your invitation", and the new editor is in.
 */

test("an admin invites an editor, who accepts from the mail and lands in the admin", async ({
  adminPage: page,
  browser,
}) => {
  const email = `${unique("colleague")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")}@example.com`;
  await page.goto("/admin/view-users");
  await waitForReact(page);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(email);

  const mail = await readNewestMailTo(email);
  expect(mail).toMatch(/Subject: You are invited to join/);
  const invitePath = mail.replace(/=\r?\n/g, "").match(/\/invite\/[\w-]+/)?.[0] ?? "";
  expect(invitePath).not.toBe("");

  const colleague = await browser.newPage();
  await colleague.goto(invitePath);
  await expect(colleague.getByRole("heading", { level: 1, name: "Accept your invitation" })).toBeVisible();
  await colleague.getByLabel("Name").fill("Ada Colleague");
  await colleague.getByRole("textbox", { name: "Password", exact: true }).fill("a long password");
  await colleague.getByRole("textbox", { name: "Confirm Password" }).fill("a long password");
  await colleague.getByRole("button", { name: "Create my account" }).click();
  await expect(colleague).toHaveURL(/\/admin\//);
  await expect(colleague.getByRole("link", { name: "Admin" }).first()).toBeVisible();

  // The link was spent: opening it again and submitting is refused with its message.
  const again = await browser.newPage();
  await again.goto(invitePath);
  await again.getByLabel("Name").fill("Someone Else");
  await again.getByRole("textbox", { name: "Password", exact: true }).fill("a long password");
  await again.getByRole("textbox", { name: "Confirm Password" }).fill("a long password");
  await again.getByRole("button", { name: "Create my account" }).click();
  await expect(again.getByText(/This invitation link is not valid/).first()).toBeVisible();
  await colleague.close();
  await again.close();
});
