import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";

/*
 * Helpers for e2e/behind-proxy.spec.ts, in the manner of the other specs (which keep their
 * own copies): accounts, hydration, toasts, PNG files made in memory.
 */

/** Made by playwright.config.ts before each server starts. */
export const ADMIN = { email: "e2e-admin@example.com", password: "e2e-admin-pass" };

export const RUN = Date.now().toString(36);
let counter = 0;
export const unique = (label: string) => `${label} ${RUN}${(counter++).toString(36)}`;

export function newAccount(label: string) {
  const id = `${RUN}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Test ${label}`, email: `${label}-${id}@example.com`, password: `pw-${id}` };
}
export type Account = ReturnType<typeof newAccount>;

export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("baseURL is not set");
  return url;
}

/** A request context of its own (no browser cookies), for the project's baseURL. */
export async function newApi(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseUrl(), ignoreHTTPSErrors: true });
}

export async function adminApi(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  const api = await newApi(playwright);
  const login = await api.post("/api/users/login", { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  return api;
}

/** Registers `account`; the context that registers is logged in as it. */
export async function registerThroughApi(request: APIRequestContext, account: Account): Promise<void> {
  const response = await request.post("/api/users/register", {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * A PNG built in memory. `noise` fills it with random pixels, which do not compress, so
 * the file is about width × height × 3 bytes.
 */
export function makePng(size: number, { noise = false }: { noise?: boolean } = {}): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "ascii"), body])));
    return Buffer.concat([length, Buffer.from(type, "ascii"), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const red = Buffer.from(Array.from({ length: size }, () => [200, 16, 46]).flat());
  const rows = Array.from({ length: size }, () =>
    Buffer.concat([Buffer.from([0]), noise ? randomBytes(size * 3) : red]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: noise ? 0 : 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Waits until React has hydrated the page, so clicks go through the enhanced forms. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => {
    const main = document.querySelector("#main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

export const main = (page: Page) => page.locator("#main");
export const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await main(page).getByRole("button", { name: "Login" }).click();
}
