import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { newApi } from "./api";
import { serial } from "./names";
import { main } from "./page";

/** Made by playwright.config.ts before each server starts. */
export const ADMIN = { email: "e2e-admin@example.com", password: "e2e-admin-pass" };

interface Credentials {
  email: string;
  password: string;
}

export function newAccount(label: string) {
  // Two workers loading in the same millisecond share RUN and counter: the random tail keeps them apart.
  const id = `${serial()}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Test ${label}`, email: `${label}-${id}@example.com`, password: `pw-${id}` };
}
export type Account = ReturnType<typeof newAccount>;

export interface PublicUser {
  _id: string;
  email: string;
  role: string;
}

/** Registers `account`; the context that registers is logged in as it (for a page: page.request). */
export async function registerThroughApi(request: APIRequestContext, account: Account): Promise<PublicUser> {
  const response = await request.post("/api/users/register", {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PublicUser;
}

/** Registers `account` without logging any page in. */
export async function createAccount(
  playwright: PlaywrightWorkerArgs["playwright"],
  account: Account,
): Promise<PublicUser> {
  const api = await newApi(playwright);
  try {
    return await registerThroughApi(api, account);
  } finally {
    await api.dispose();
  }
}

/** For beforeAll hooks; a test asks for the adminRequest fixture instead. */
export async function adminApi(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  const api = await newApi(playwright);
  const login = await api.post("/api/users/login", { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  return api;
}

/** Logs the page in without going through the login screen (page.request shares the page's cookies). */
export async function logInThroughApi(page: Page, account: Credentials): Promise<void> {
  const response = await page.request.post("/api/users/login", { data: account });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Fills and sends the login screen's form; the page must already show it. */
export async function logIn(page: Page, account: Credentials): Promise<void> {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await main(page).getByRole("button", { name: "Login" }).click();
}

export async function fillRegistration(
  page: Page,
  values: { name: string; email: string; password: string; confirm: string },
): Promise<void> {
  await page.getByLabel("Name").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password", { exact: true }).fill(values.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(values.confirm);
}
