import type { App } from "../app";

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like client for in-process API tests: keeps the session cookie between
 * requests, sends JSON, and parses JSON answers.
 */
export class TestAgent {
  cookie: string | undefined;

  constructor(
    private readonly app: App,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...this.defaultHeaders, ...headers } };
    const requestHeaders = init.headers as Record<string, string>;
    if (this.cookie) requestHeaders.cookie = this.cookie;
    if (body instanceof FormData) {
      init.body = body;
    } else if (typeof body === "string") {
      init.body = body;
      requestHeaders["content-type"] ??= "application/json";
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      requestHeaders["content-type"] = "application/json";
    }
    const response = await this.app.request(path, init);
    this.rememberCookie(response.headers.get("set-cookie"));
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get("content-type")?.includes("application/json")) parsed = text ? JSON.parse(text) : null;
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", path, body, headers);
  }
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("DELETE", path, body, headers);
  }

  private rememberCookie(setCookie: string | null): void {
    const match = setCookie?.match(/broadsheet_session=([^;]*)/);
    if (!match) return;
    const cleared = !match[1] || /Max-Age=0/i.test(setCookie ?? "");
    this.cookie = cleared ? undefined : `broadsheet_session=${match[1]}`;
  }
}

let sequence = 0;

/** A unique e-mail for a test account. */
export function uniqueEmail(prefix = "reader"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}@example.com`;
}

/** Registers a new account through the API (role set through the service when not "user") and returns its agent. */
export async function signUp(
  app: App,
  options: { role?: "user" | "editor" | "admin"; name?: string; email?: string; password?: string } = {},
): Promise<{ agent: TestAgent; user: { _id: string; email: string; name: string; role: string }; password: string }> {
  const agent = new TestAgent(app);
  const password = options.password ?? "correct horse";
  const email = options.email ?? uniqueEmail(options.role ?? "reader");
  // A distinct client address per account, so the per-IP register limit is not what a test measures.
  const response = await agent.post(
    "/api/users/register",
    { name: options.name ?? "Test Reader", email, password },
    { "x-forwarded-for": `10.9.${sequence % 250}.${Math.floor(Math.random() * 250)}` },
  );
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  let user = response.body;
  if (options.role && options.role !== "user") {
    const updated = await app.services.users.updateRole(user._id, options.role);
    user = { ...user, role: updated.role };
  }
  return { agent, user, password };
}
