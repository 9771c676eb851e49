import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { ADMIN, adminApi, createAccount, fillRegistration, logIn, newAccount } from "./support/accounts";
import { baseUrl } from "./support/api";
import { createCategory, createPost, findPost, type Taxon } from "./support/content";
import { expect, test } from "./support/fixtures";
import { makePng, pngFile, stubImages } from "./support/images";
import { unique } from "./support/names";
import { main, open, toast, toasts } from "./support/page";
import { uploadProfilePhoto } from "./support/profile";

/*
 * The site as docs/deploy.md deploys it (project "https-proxy" of playwright.config.ts):
 * Chromium → https://localhost:8443 → Debian's nginx running deploy/nginx/broadsheet.conf
 * (scripts/e2e-proxy.mjs, self-signed certificate) → a production server with
 * PUBLIC_URL=https://localhost:8443 and TRUST_PROXY=1 on an empty database
 * (SEED_DEMO=false) with one admin. The core journeys of a reader and of an admin pass
 * through the proxy; content is made with names unique to this run.
 */

const SESSION_COOKIE = "__Host-broadsheet_session";

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The session cookie is a __Host- cookie: Secure, for the whole site, no Domain, HttpOnly. */
async function expectSecureSession(context: BrowserContext): Promise<void> {
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names, "the session cookie's name over https").toContain(SESSION_COOKIE);
  expect(names).not.toContain("broadsheet_session");
  const cookie = await sessionCookie(context);
  expect(cookie?.secure).toBe(true);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe("/");
  expect(cookie?.domain).toBe("localhost");
}

let api: APIRequestContext;
let category: Taxon;

test.beforeAll(async ({ playwright }) => {
  api = await adminApi(playwright);
  category = await createCategory(api, unique("Proxy Desk"));
});

test.afterAll(async () => {
  await api.dispose();
});

test.beforeEach(async ({ context }) => {
  await stubImages(context);
});

test.describe("the proxy", () => {
  test("answers over https with HSTS and sends plain http to https", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    // One HSTS header: the proxy's replaces the server's own.
    const hsts = health.headersArray().filter((header) => header.name.toLowerCase() === "strict-transport-security");
    expect(hsts.map((header) => header.value)).toEqual(["max-age=63072000"]);

    const httpPort = process.env.E2E_PROXY_HTTP_PORT ?? "8080";
    const plain = await request.get(`http://localhost:${httpPort}/login?redirectTo=%2Fprofile`, { maxRedirects: 0 });
    expect(plain.status()).toBe(301);
    expect(plain.headers().location).toBe(`${baseUrl()}/login?redirectTo=%2Fprofile`);
  });

  test("answers a HEAD (curl -I) as the GET, and the GETs after it get the whole page; a revalidation gets 304", async ({
    request,
  }) => {
    const post = await createPost(api, { title: unique("Headed through the proxy"), category: category.name });
    for (const path of ["/", "/terms", `/category/${category.slug}`, `/page/${post.slug}`]) {
      const head = await request.head(path);
      expect([path, head.status()]).toEqual([path, 200]);
      expect(await head.body()).toHaveLength(0);
      const get = await request.get(path);
      expect([path, get.status()]).toEqual([path, 200]);
      expect(head.headers()["content-type"]).toBe(get.headers()["content-type"]);
      expect(head.headers().vary).toBe(get.headers().vary);
      const html = await get.text();
      expect(html).toContain("<!DOCTYPE html>");
      expect(html).toContain("</html>");
      // Cached now: a HEAD still leaves the page whole.
      await request.head(path);
      expect(await (await request.get(path)).text()).toContain("</html>");

      const etag = get.headers().etag ?? "";
      expect(etag).toMatch(/^W\/".+"$/);
      const revalidated = await request.get(path, { headers: { "if-none-match": etag } });
      expect([path, revalidated.status()]).toEqual([path, 304]);
    }
  });
});

test.describe("a reader", () => {
  test("registers through the form and gets a Secure __Host- session cookie", async ({ page, context }) => {
    const account = newAccount("proxy-register");
    await open(page, "/register");
    await fillRegistration(page, { ...account, confirm: account.password });
    await main(page).getByRole("button", { name: "Register" }).click();
    await expect(toasts(page).getByText("Registration Successful")).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
    await expectSecureSession(context);
  });

  test("logs in through the login page and stays logged in after a reload", async ({ page, context, playwright }) => {
    const account = newAccount("proxy-login");
    await createAccount(playwright, account);

    await open(page, "/login?redirectTo=/profile");
    await logIn(page, account);
    await expect(toasts(page).getByText("Login Successfully")).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl()}/profile`);
    await expect(page.getByLabel("Name")).toHaveValue(account.name);
    await expectSecureSession(context);

    await page.reload();
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("without JavaScript, the login form still logs in (a full form post through the proxy)", async ({
    noScriptPage: page,
    playwright,
  }) => {
    const account = newAccount("proxy-nojs");
    await createAccount(playwright, account);

    await page.goto("/login?redirectTo=/profile");
    await logIn(page, account);
    await expect(page).toHaveURL(`${baseUrl()}/profile`);
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await expectSecureSession(page.context());
  });

  test("comments on a post, likes it and saves it to Read Later", async ({ readerPage: page }) => {
    const post = await createPost(api, {
      title: unique("Letters from the terminating proxy"),
      category: category.name,
      content: "<p>A story read through the proxy.</p>",
    });
    await open(page, `/page/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);

    await page.getByRole("textbox", { name: "Your comment" }).fill("Read over TLS, all the way.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comments = page.getByRole("list", { name: "Comments" });
    await expect(comments.getByRole("listitem")).toHaveCount(1);
    await expect(comments.getByRole("listitem").first()).toContainText("Read over TLS, all the way.");
    await expect(page.getByRole("textbox", { name: "Your comment" })).toHaveValue("");

    const like = page.getByRole("button", { name: "Like" });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("like-count")).toHaveText("1 like");

    await page.getByRole("button", { name: "Add To Read Later" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post added to your read later list" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved to Read Later" })).toHaveAttribute("aria-pressed", "true");

    // All of it was stored: a fresh load shows the comment and the like, Read Later lists the post.
    await open(page, `/page/${post.slug}`);
    await expect(comments.getByRole("listitem").first()).toContainText("Read over TLS, all the way.");
    await expect(page.getByRole("button", { name: "Like" })).toHaveAttribute("aria-pressed", "true");
    await open(page, "/readLater");
    const saved = main(page).getByRole("list", { name: "Saved posts" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("link", { name: post.title })).toHaveAttribute("href", `/page/${post.slug}`);
  });

  test("uploads a profile photo and it is served back through the proxy", async ({ page, reader: account }) => {
    await open(page, "/profile");
    await uploadProfilePhoto(page, account.name);
  });
});

test.describe("an admin", () => {
  test("logs in, writes a post with a 2 MB cover image and publishes it; an anonymous reader sees it", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    await open(page, "/login");
    await logIn(page, ADMIN);
    await expect(toasts(page).getByText("Login Successfully")).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl()}/`);

    await open(page, "/admin/add-post");
    await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
    // Above nginx's default 1 MB body limit: the guide's client_max_body_size lets it through.
    const cover = makePng(840, { noise: true });
    expect(cover.length).toBeGreaterThan(2_000_000);
    await page.getByLabel("Choose images").setInputFiles([pngFile("cover.png", cover)]);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(toast(page, "status", "Image uploaded successfully")).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("list", { name: "Current images" }).getByRole("img")).toHaveCount(1);

    const title = unique("Published from behind the proxy");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").selectOption(category.slug);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type("Every request of this story went through nginx.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page, "status", "Post created Successful")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/all-posts$/);

    const created = await findPost(api, title);
    expect(created?.isPublished).toBe(true);

    const anonymous = await browser.newContext({ baseURL: baseUrl(), ignoreHTTPSErrors: true });
    try {
      const reader = await anonymous.newPage();
      const response = await reader.goto(`/page/${created?.slug}`);
      expect(response?.status()).toBe(200);
      await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(reader.getByRole("article", { name: title })).toContainText(
        "Every request of this story went through nginx.",
      );
      expect(await sessionCookie(anonymous)).toBeUndefined();
    } finally {
      await anonymous.close();
    }
  });
});

test.describe("cross-site requests", () => {
  test("a login form posted with another site's Origin logs no one in; the site's own Origin does", async ({
    page,
    context,
    playwright,
  }) => {
    const account = newAccount("proxy-csrf");
    await createAccount(playwright, account);
    const form = { email: account.email, password: account.password };

    const forged = await page.request.post("/login", {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect([400, 403], `POST /login from https://evil.example answered ${forged.status()}`).toContain(forged.status());
    expect(await sessionCookie(context)).toBeUndefined();

    const forgedApi = await page.request.post("/api/users/login", {
      data: form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forgedApi.status()).toBe(403);
    expect(await sessionCookie(context)).toBeUndefined();

    // The same form from the site's public origin (what Chromium sends behind the proxy) is accepted.
    const own = await page.request.post("/login", { form, headers: { Origin: baseUrl() }, maxRedirects: 0 });
    expect([302, 303], `POST /login from ${baseUrl()} answered ${own.status()}`).toContain(own.status());
    await expectSecureSession(context);
  });
});
