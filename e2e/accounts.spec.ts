import { ACCOUNT_MESSAGES, MEDIA_MESSAGES, MESSAGES } from "@broadsheet/domain";
import type { Page } from "@playwright/test";
import { fillRegistration, logIn, newAccount, registerThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { expectClientNavigation, homeLink } from "./support/hydration";
import { readNewestMailTo } from "./support/mail";
import { expectToast, main, open, toasts } from "./support/page";
import { uploadProfilePhoto } from "./support/profile";

/*
 * Reader accounts (docs/product.md#login-and-register, #10-flows-and-states, #8-validation-and-messages): register, login, logout, password reset,
 * profile with photo, Read Later, and the permission screen of the reader pages.
 * Every test makes its own account, so they run in any order.
 */

/** Inline form messages (the toaster also lives inside <main>). */
const inline = (page: Page) => page.locator("#main [data-kind]");

/** The message appears both as a toast and inline in the page. */
async function expectMessage(page: Page, message: string) {
  await expectToast(page, message);
  await expect(inline(page).getByText(message, { exact: true })).toBeVisible();
}

test.describe("register", () => {
  test("shows each validation message in the product's order", async ({ page }) => {
    const account = newAccount("reg-validation");
    await open(page, "/register");
    await expect(page).toHaveTitle("Register | Broadsheet");
    const submit = main(page).getByRole("button", { name: "Register" });

    await submit.click();
    await expectMessage(page, MESSAGES.allFieldsRequired);

    await fillRegistration(page, { name: account.name, email: account.email, password: "abc", confirm: "abc" });
    await submit.click();
    await expectMessage(page, MESSAGES.passwordTooShort);

    await fillRegistration(page, { ...account, email: "not-an-email", confirm: account.password });
    await submit.click();
    await expectMessage(page, MESSAGES.invalidEmail);

    await fillRegistration(page, { ...account, confirm: `${account.password}x` });
    await submit.click();
    await expectMessage(page, MESSAGES.passwordsDoNotMatch);
    // Nothing typed is lost.
    await expect(page.getByLabel("Name")).toHaveValue(account.name);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("password fields have show/hide toggles", async ({ page }) => {
    await open(page, "/register");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret1");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    const confirm = page.getByLabel("Confirm Password", { exact: true });
    await page.getByRole("button", { name: "Show confirm password" }).click();
    await expect(confirm).toHaveAttribute("type", "text");
  });

  test("success logs the reader in: the top bar shows Profile and Logout", async ({ page }) => {
    const account = newAccount("reg-ok");
    await open(page, "/register");
    await fillRegistration(page, { ...account, confirm: account.password });
    await main(page).getByRole("button", { name: "Register" }).click();
    await expect(toasts(page).getByText("Registration Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Register" })).toHaveCount(0);
  });

  test("an e-mail already registered shows the API's message", async ({ page, request }) => {
    const account = newAccount("reg-taken");
    await registerThroughApi(request, account);
    await open(page, "/register");
    await fillRegistration(page, { ...account, name: "Someone Else", confirm: account.password });
    await main(page).getByRole("button", { name: "Register" }).click();
    await expectMessage(page, ACCOUNT_MESSAGES.emailTaken);
    await expect(page.getByLabel("Name")).toHaveValue("Someone Else");
  });

  test("works without JavaScript: the server checks, then logs in and redirects", async ({ noScriptPage: page }) => {
    const account = newAccount("reg-nojs");
    await page.goto("/register?redirectTo=/profile");
    await fillRegistration(page, { ...account, confirm: "different" });
    await main(page).getByRole("button", { name: "Register" }).click();
    await expect(main(page).getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);

    await fillRegistration(page, { ...account, confirm: account.password });
    await main(page).getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel("Name")).toHaveValue(account.name);
  });

  test("a logged-in reader opening /register or /login goes home", async ({ readerPage: page }) => {
    await page.goto("/register");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("login and logout", () => {
  test("logout goes to /login and the top bar offers Login again", async ({ readerPage: page }) => {
    await open(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Login", level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("the login screen has its fields, toggle and links", async ({ page }) => {
    await open(page, "/login");
    await expect(page).toHaveTitle("Login | Broadsheet");
    await expect(page.getByRole("img", { name: /newspaper/i })).toBeAttached();
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret1");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Hide password" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    await main(page).getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/reset$/);
  });

  test("validation messages: empty fields, then a bad e-mail", async ({ page }) => {
    await open(page, "/login");
    const submit = main(page).getByRole("button", { name: "Login" });
    await submit.click();
    await expectMessage(page, MESSAGES.loginFieldsRequired);
    await page.getByLabel("Email").fill("nobody@nowhere");
    await page.getByLabel("Password", { exact: true }).fill("whatever");
    await submit.click();
    await expectMessage(page, MESSAGES.invalidEmail);
  });

  test("a wrong password shows 'Invalid email or password' and keeps the e-mail", async ({ page, request }) => {
    const account = newAccount("login-wrong");
    await registerThroughApi(request, account);
    await open(page, "/login");
    await logIn(page, { ...account, password: "not-the-password" });
    await expectMessage(page, ACCOUNT_MESSAGES.wrongCredentials);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("success returns to the page named in redirectTo", async ({ page, request }) => {
    const account = newAccount("login-redirect");
    await registerThroughApi(request, account);
    await open(page, "/login?redirectTo=/readLater");
    await logIn(page, account);
    await expect(toasts(page).getByText("Login Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/readLater$/);
    await expect(page.getByRole("heading", { name: "My Read Later" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
  });

  test("without redirectTo it goes back one page", async ({ page, request }) => {
    const account = newAccount("login-back");
    await registerThroughApi(request, account);
    await open(page, "/readLater");
    await expect(main(page).getByText(MESSAGES.loginUsersOnly)).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/readLater$/);
    await expect(page.getByRole("heading", { name: "My Read Later" })).toBeVisible();
  });

  test("a redirectTo to another site is ignored", async ({ page, request }) => {
    const account = newAccount("login-offsite");
    await registerThroughApi(request, account);
    await open(page, "/login?redirectTo=//evil.example/steal");
    await logIn(page, account);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test("works without JavaScript: errors inline, success redirects", async ({ noScriptPage: page, request }) => {
    const account = newAccount("login-nojs");
    await registerThroughApi(request, account);
    await page.goto("/login?redirectTo=/profile");
    await logIn(page, { ...account, password: "wrong-password" });
    await expect(main(page).getByText(ACCOUNT_MESSAGES.wrongCredentials)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  });
});

test.describe("pages for logged-in readers", () => {
  for (const url of ["/profile", "/readLater"]) {
    test(`${url} logged out shows the permission screen with status 401`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(401);
      await expect(page).toHaveTitle("Permission denied | Broadsheet");
      await expect(page.getByRole("heading", { name: MESSAGES.permissionDenied })).toBeVisible();
      await expect(main(page).getByText(MESSAGES.loginUsersOnly)).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Back To Home" })).toHaveAttribute("href", "/");
      await expect(main(page).getByRole("link", { name: "Login" })).toHaveAttribute(
        "href",
        `/login?redirectTo=${encodeURIComponent(url)}`,
      );
    });
  }

  test("the Login link of the permission screen comes back to the page", async ({ page, request }) => {
    const account = newAccount("perm-login");
    await registerThroughApi(request, account);
    await open(page, "/profile");
    await main(page).getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel("Name")).toHaveValue(account.name);
  });
});

test.describe("profile", () => {
  test("shows the account, updates the details and keeps them after a reload", async ({ page, reader: account }) => {
    await open(page, "/profile");
    await expect(page).toHaveTitle("My Profile | Broadsheet");
    const tabs = page.getByRole("navigation", { name: "Account" });
    await expect(tabs.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Read Later" })).toHaveAttribute("href", "/readLater");
    await expect(main(page).getByText("user", { exact: true })).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveValue(account.email);
    await expect(email).toBeDisabled();

    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Phone").fill("+44 20 7946 0000");
    await page.getByLabel("Address").fill("12 St James's Square");
    await page.getByLabel("State").fill("London");
    await page.getByLabel("Country").fill("United Kingdom");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect(toasts(page).getByText("User updated successfully")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Name")).toHaveValue("Ada Lovelace");
    await expect(page.getByLabel("Phone")).toHaveValue("+44 20 7946 0000");
    await expect(page.getByLabel("Address")).toHaveValue("12 St James's Square");
    await expect(page.getByLabel("State")).toHaveValue("London");
    await expect(page.getByLabel("Country")).toHaveValue("United Kingdom");
    await expect(main(page).getByText("Ada Lovelace", { exact: true })).toBeVisible();
  });

  test("a missing field is refused with a message and the typed values stay", async ({ readerPage: page }) => {
    await open(page, "/profile");
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Phone").fill("555-0100");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expectMessage(page, "Address is required");
    await expect(page.getByLabel("Name")).toHaveValue("Grace Hopper");
    await expect(page.getByLabel("Phone")).toHaveValue("555-0100");
  });

  test("uploads a photo (JPEG or PNG only) and shows it", async ({ page, reader: account }) => {
    await open(page, "/profile");
    await expect(page.getByRole("img", { name: `${account.name} (no picture yet)` })).toBeVisible();
    const chooser = page.getByLabel("Choose photo");
    await expect(chooser).toHaveAttribute("accept", "image/jpeg,image/png");

    await chooser.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Upload Photo" }).click();
    await expect(toasts(page).getByText(MEDIA_MESSAGES.profilePhotoFormat)).toBeVisible();

    await uploadProfilePhoto(page, account.name);
  });
});

test.describe("forgot password", () => {
  test("asks for the e-mail, mails a link, and the link sets a new password", async ({ page, request }) => {
    const account = newAccount("reset");
    await registerThroughApi(request, account);

    await open(page, "/reset");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expectMessage(page, MESSAGES.invalidEmail);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(inline(page).getByText(ACCOUNT_MESSAGES.resetMailSent)).toBeVisible();

    const mail = await readNewestMailTo(account.email);
    const token = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(mail)?.[1];
    expect(token, "the mail holds a reset link").toBeTruthy();

    await open(page, `/reset/${token}`);
    const submit = page.getByRole("button", { name: "Reset Password" });
    await page.getByLabel("New Password").fill("brand-new-1");
    await page.getByLabel("Confirm Password", { exact: true }).fill("brand-new-2");
    await submit.click();
    await expectMessage(page, MESSAGES.passwordsDoNotMatch);
    await page.getByLabel("New Password").fill("short");
    await page.getByLabel("Confirm Password", { exact: true }).fill("short");
    await submit.click();
    await expectMessage(page, MESSAGES.passwordTooShort);
    await page.getByLabel("New Password").fill("brand-new-1");
    await page.getByLabel("Confirm Password", { exact: true }).fill("brand-new-1");
    await submit.click();
    await expect(inline(page).getByText(ACCOUNT_MESSAGES.passwordReset)).toBeVisible();

    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, { ...account, password: account.password });
    await expectMessage(page, ACCOUNT_MESSAGES.wrongCredentials);
    await logIn(page, { ...account, password: "brand-new-1" });
    await expect(toasts(page).getByText("Login Successfully")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();

    // The link works once.
    await open(page, `/reset/${token}`);
    await page.getByLabel("New Password").fill("another-1");
    await page.getByLabel("Confirm Password", { exact: true }).fill("another-1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectMessage(page, ACCOUNT_MESSAGES.resetTokenInvalid);
  });
});

test.describe("read later", () => {
  test("lists saved posts and removes them", async ({ readerPage: page }) => {
    await open(page, "/readLater");
    await expect(page).toHaveTitle("My Read Later | Broadsheet");
    await expect(page.getByRole("heading", { name: "My Read Later" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Account" });
    await expect(tabs.getByRole("link", { name: "Read Later" })).toHaveAttribute("aria-current", "page");
    await expect(main(page).getByText("No post found in your read later.")).toBeVisible();

    const list = await page.request.get("/api/posts?limit=1");
    const post = ((await list.json()) as { items?: { _id: string; slug: string; title: string }[] }).items?.[0];
    // The e2e server starts on the demo magazine, so there is always a post to save.
    if (!post) throw new Error("the e2e database holds no post: is the demo seed off?");
    const added = await page.request.post("/api/users/addToWishlist", { data: { postId: post._id } });
    expect(added.ok()).toBe(true);

    await open(page, "/readLater");
    const saved = main(page).getByRole("list", { name: "Saved posts" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("link", { name: post.title })).toHaveAttribute("href", `/page/${post.slug}`);
    await expect(saved.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await saved.getByRole("button", { name: "Remove From Read Later" }).click();
    await expect(toasts(page).getByText(ACCOUNT_MESSAGES.removedFromReadLater)).toBeVisible();
    await expect(main(page).getByText("No post found in your read later.")).toBeVisible();

    await page.reload();
    await expect(main(page).getByText("No post found in your read later.")).toBeVisible();
  });
});

test.describe("account pages", () => {
  test("hydrate without console errors", async ({ page, consoleErrors }) => {
    // Each page, hydrated, follows the top bar's Home link in the client router.
    const hydrates = async (url: string) => {
      await open(page, url);
      await expectClientNavigation(page, homeLink(page), /\/$/);
    };
    for (const url of ["/login", "/register", "/reset", "/reset/some-token"]) await hydrates(url);
    await registerThroughApi(page.request, newAccount("hydrate"));
    for (const url of ["/profile", "/readLater"]) await hydrates(url);
    expect(consoleErrors).toEqual([]);
  });
});
