import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import {
  type Account,
  ADMIN,
  adminApi,
  createAccount,
  logInThroughApi,
  newAccount,
  registerThroughApi,
} from "./accounts";

/*
 * Specs import `test` and `expect` from here. A test names the fixtures it needs, e.g.
 * `async ({ adminPage: page }) => …`; each one is made for that test alone and cleaned up after it.
 */

interface Fixtures {
  /** `page`, logged in as the admin made by playwright.config.ts. */
  adminPage: Page;
  /** `page`, logged in as a new account promoted to editor. */
  editorPage: Page;
  /** A new reader account, registered on `page` (so `page` is logged in as it). */
  reader: Account;
  /** `page`, logged in as `reader`. */
  readerPage: Page;
  /** An API context of its own, logged in as the admin. */
  adminRequest: APIRequestContext;
  /** A page in a context of its own with JavaScript off: what the server alone renders. */
  noScriptPage: Page;
  /** Console errors and uncaught exceptions of `page`, collected from the start of the test. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  adminPage: async ({ page }, use) => {
    await logInThroughApi(page, ADMIN);
    await use(page);
  },

  editorPage: async ({ page, playwright, adminRequest }, use) => {
    const account = newAccount("editor");
    const editor = await createAccount(playwright, account);
    const promoted = await adminRequest.patch("/api/users/updateRole", { data: { id: editor._id, role: "editor" } });
    expect(promoted.ok(), await promoted.text()).toBeTruthy();
    await logInThroughApi(page, account);
    await use(page);
  },

  reader: async ({ page }, use) => {
    const account = newAccount("reader");
    await registerThroughApi(page.request, account);
    await use(account);
  },

  // Asking for `reader` is what logs the page in.
  readerPage: async ({ page, reader: _loggedIn }, use) => {
    await use(page);
  },

  adminRequest: async ({ playwright }, use) => {
    const api = await adminApi(playwright);
    await use(api);
    await api.dispose();
  },

  noScriptPage: async ({ browser, baseURL, ignoreHTTPSErrors }, use) => {
    const context = await browser.newContext({ baseURL, ignoreHTTPSErrors, javaScriptEnabled: false });
    await use(await context.newPage());
    await context.close();
  },

  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
