import { expect, type Page } from "@playwright/test";

/*
 * Before hydration a click submits the plain HTML form (a full page load) instead of the
 * enhanced one, so tests that click wait for React first.
 */

/**
 * Waits only for React to take over #main, not for the page's requests to settle: the lighter
 * wait the admin editor tests (admin-content.spec.ts) were written against.
 */
export async function waitForReact(page: Page): Promise<void> {
  await page.waitForFunction(mainIsHydrated);
}

/** Runs in the page: whether React has taken over #main. */
function mainIsHydrated(): boolean {
  const main = document.querySelector("#main");
  return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
}

export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(mainIsHydrated);

/** Lets the requests a page starts on load finish first, so what the test reads next is final. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await waitForReact(page);
}

export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

export const main = (page: Page) => page.locator("#main");

export const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

/** Success toasts are status messages, refusals are alerts. */
export const toast = (page: Page, role: "status" | "alert", text: string) =>
  toasts(page).getByRole(role).filter({ hasText: text });

/** The newest toast with exactly this text (an earlier one may still be fading out). */
export async function expectToast(page: Page, message: string): Promise<void> {
  // Up to 10 s for the answer on a slow machine; the toast then stays 3 s (docs/product.md#9-limits-and-constants).
  await expect(toasts(page).getByText(message, { exact: true }).last()).toBeVisible({ timeout: 10_000 });
}

/**
 * Makes React render `ms` late from now on, as on a busy phone: its scheduler posts each
 * slice of work through a MessagePort, and every such message is held back. Answers and
 * reloads then land before React has rendered the state between them.
 */
export async function renderLate(page: Page, ms: number): Promise<void> {
  await page.evaluate((delay) => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort["postMessage"]>) {
      setTimeout(() => post.apply(this, args), delay);
    } as MessagePort["postMessage"];
  }, ms);
}
