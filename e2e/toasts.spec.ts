import { MESSAGES } from "@broadsheet/domain";
import { expect, test } from "./support/fixtures";
import { main, open, toasts } from "./support/page";

/*
 * The toasts of docs/product.md#9-limits-and-constants (react-toastify, decision 014): top-right, closing by themselves after
 * 3000 ms, paused while hovered, dragged away, and reached with Alt+T.
 */

type Page = import("@playwright/test").Page;
type Locator = import("@playwright/test").Locator;

/**
 * react-toastify's timer: the toast closes when its progress bar's CSS animation ends, and a
 * hover pauses that animation. Read from the page, so no test sleeps against it.
 */
function timerOf(shown: Locator) {
  return shown.evaluate((element) => {
    const bar = element.closest(".Toastify__toast")?.querySelector(".Toastify__progress-bar");
    const [animation] = bar?.getAnimations() ?? [];
    if (!bar || !animation) return null;
    return {
      durationMs: animation.effect?.getComputedTiming().duration,
      playState: animation.playState,
      elapsedMs: Number(animation.currentTime),
    };
  });
}

/** Lets the page draw `count` frames. */
const frames = (page: Page, count: number) =>
  page.evaluate(
    (left) =>
      new Promise<void>((resolve) => {
        const next = () => (--left > 0 ? requestAnimationFrame(next) : resolve());
        requestAnimationFrame(next);
      }),
    count,
  );

async function showToast(page: Page) {
  await open(page, "/login");
  await main(page).getByRole("button", { name: "Login" }).click();
  const shown = toasts(page).getByRole("alert").filter({ hasText: MESSAGES.loginFieldsRequired });
  await expect(shown).toBeVisible();
  // It slides in from the right: wait until it has arrived.
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(async () => ((await shown.boundingBox())?.x ?? width) + 1 < width - 320).toBe(true);
  return shown;
}

test("a toast shows top-right and closes by itself after about three seconds", async ({ page }) => {
  const shown = await showToast(page);
  const box = await shown.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    expect(box.y).toBeLessThan(100);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 100);
  }
  // Its 3000 ms timer runs once the toast has arrived (and the window has focus).
  await expect.poll(() => timerOf(shown)).toMatchObject({ durationMs: 3000, playState: "running" });
  await expect(shown).toBeHidden({ timeout: 10_000 });
});

test("a hovered toast stays until the pointer leaves", async ({ page }) => {
  const shown = await showToast(page);
  await expect.poll(async () => (await timerOf(shown))?.playState).toBe("running");
  await shown.hover();
  await expect.poll(async () => (await timerOf(shown))?.playState).toBe("paused");
  const hovered = await timerOf(shown);
  await frames(page, 30);
  // The timer stands still under the pointer, so the toast cannot close.
  expect(await timerOf(shown)).toEqual(hovered);
  await expect(shown).toBeVisible();
  await page.mouse.move(10, 500);
  await expect.poll(async () => (await timerOf(shown))?.playState).toBe("running");
  await expect(shown).toBeHidden({ timeout: 10_000 });
});

test("Alt+T moves focus to the notifications", async ({ page }) => {
  await showToast(page);
  await page.keyboard.press("Alt+t");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="Notifications"]') !== null))
    .toBe(true);
});

test("dragging a toast sideways dismisses it at once", async ({ page }) => {
  const shown = await showToast(page);
  const box = await shown.boundingBox();
  if (!box) throw new Error("toast has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Leftwards: the toast sits at the right edge of the window. Past 80 % of its width it goes.
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(shown).toBeHidden({ timeout: 1500 });
});

test("the close button has a name and closes the toast", async ({ page }) => {
  const shown = await showToast(page);
  await shown.getByRole("button", { name: "Close notification" }).click();
  await expect(shown).toBeHidden({ timeout: 1500 });
});
