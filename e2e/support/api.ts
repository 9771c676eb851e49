import { type APIRequestContext, type PlaywrightWorkerArgs, test } from "@playwright/test";

export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error("baseURL is not set");
  return url;
}

/** A request context of its own: no browser cookies, so calls through it log no page in or out. */
export async function newApi(playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: baseUrl(), ignoreHTTPSErrors: true });
}
