import { expect, type Page } from "@playwright/test";
import { makePng, pngFile } from "./images";
import { main, toasts } from "./page";

/**
 * On /profile: uploads a PNG as the photo of the account called `name`, then checks it is
 * shown, really loads, and is still there after a reload.
 */
export async function uploadProfilePhoto(page: Page, name: string): Promise<void> {
  await page.getByLabel("Choose photo").setInputFiles(pngFile("me.png", makePng(4)));
  await page.getByRole("button", { name: "Upload Photo" }).click();
  await expect(toasts(page).getByText("Image uploaded successfully")).toBeVisible();
  await expect(toasts(page).getByText("User Photo updated")).toBeVisible();
  const photo = main(page).getByRole("img", { name, exact: true });
  await expect(photo).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.reload();
  await expect(main(page).getByRole("img", { name, exact: true })).toHaveAttribute("src", /^\/media\//);
}
