import type { AppLoadContext } from "react-router";

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
  /** Set-Cookie headers of the API answer, to pass on to the browser (login, logout). */
  setCookies: string[];
}

/**
 * Calls the REST API in-process (context.api) with a JSON body; every loader and action
 * reaches data this way, so the API stays the one contract.
 */
export async function callApi<T = unknown>(
  context: AppLoadContext,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<ApiResult<T>> {
  const headers = new Headers();
  let body: string | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const response = await context.api(path, { method: init.method ?? "GET", headers, body });
  const text = await response.text();
  const data = (text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
  return { ok: response.ok, status: response.status, data, setCookies: response.headers.getSetCookie() };
}

/** Headers carrying the API's cookies to the browser. */
export function cookieHeaders(result: { setCookies: string[] }): Headers {
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The message of a failed call, as SPEC.md §8 shows it. */
export function errorMessage(result: ApiResult<unknown>): string {
  const data = result.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" ? data.message : "Something went wrong. Please try again.";
}
