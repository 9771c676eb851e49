import { describe, expect, it } from "vitest";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";

/*
 * Issue 12: the site behind a TLS-terminating proxy. The proxy forwards plain HTTP; page
 * forms must still pass React Router's origin check and the API's, for the public origin
 * only, and every limit must see the reader's address rather than the proxy's.
 */
type Context = ReturnType<typeof useTestApp>;

function pageLogin(
  context: Context,
  fields: { email: string; password: string },
  headers: Record<string, string>,
): Promise<Response> | Response {
  return context.app.request("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const viaProxy = (client: string, origin = "https://news.example.com") => ({
  origin,
  "x-forwarded-for": client,
  "x-forwarded-proto": "https",
  "x-forwarded-host": "news.example.com",
});

describe("behind a proxy with PUBLIC_URL=https://…", () => {
  const context = useTestApp({ pages: true, env: { PUBLIC_URL: "https://news.example.com", TRUST_PROXY: "1" } });

  it("logs in through the page form and sets a __Host- Secure cookie", async () => {
    const { user, password } = await signUp(context.app);
    const response = await pageLogin(context, { email: user.email, password }, viaProxy("198.51.100.1"));
    expect(response.status).toBe(302);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-broadsheet_session=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it("refuses a page form posted from another origin, and the API call as well", async () => {
    const { user, password } = await signUp(context.app);
    const page = await pageLogin(
      context,
      { email: user.email, password },
      viaProxy("198.51.100.2", "https://evil.example"),
    );
    // React Router's action origin check: the form's origin is not the public one.
    expect(page.status).toBe(400);
    expect(page.headers.get("set-cookie") ?? "").not.toContain("broadsheet_session=");
    const api = await context.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json", ...viaProxy("198.51.100.2", "https://evil.example") },
      body: JSON.stringify({ email: user.email, password }),
    });
    expect(api.status).toBe(403);
  });

  it("counts page logins under the reader's address, not the proxy's", async () => {
    const { user, password } = await signUp(context.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await pageLogin(context, { email: user.email, password: "wrong guess" }, viaProxy("198.51.100.3"));
      expect(failed.status).toBe(401);
    }
    const limited = await pageLogin(context, { email: user.email, password }, viaProxy("198.51.100.3"));
    expect(limited.status).toBe(429);
    const other = await pageLogin(context, { email: user.email, password }, viaProxy("198.51.100.4"));
    expect(other.status).toBe(302);
  });
});

describe("behind a trusted proxy without PUBLIC_URL", () => {
  const context = useTestApp({ pages: true, env: { PUBLIC_URL: "", TRUST_PROXY: "1" } });

  it("takes the public origin from X-Forwarded-Proto and -Host", async () => {
    const { user, password } = await signUp(context.app);
    const response = await pageLogin(context, { email: user.email, password }, viaProxy("198.51.100.5"));
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie") ?? "").toMatch(/^__Host-broadsheet_session=/);
  });
});

describe("with no proxy trusted", () => {
  const context = useTestApp({ pages: true, env: { PUBLIC_URL: "", TRUST_PROXY: "false" } });

  it("ignores X-Forwarded-* headers: the forwarded origin is not this site's", async () => {
    const { user, password } = await signUp(context.app);
    const response = await pageLogin(context, { email: user.email, password }, viaProxy("198.51.100.6"));
    // The request's own origin (http://localhost) is not the forwarded https://news.example.com.
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie") ?? "").not.toContain("broadsheet_session=");
  });
});
