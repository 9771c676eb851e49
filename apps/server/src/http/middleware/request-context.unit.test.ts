import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { AppEnv } from "../app-env";
import { createRequestOriginReader } from "../client-address";
import { requestContext } from "./request-context";

/* Issue 12: every request reaches the log at info, with the reader's address, and no reset token does. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const config = parseConfig({ TRUST_PROXY: "1", PUBLIC_URL: "https://news.example.com" });
  const app = new Hono<AppEnv>();
  app.use(requestContext(pino({ level: "info" }, sink), createRequestOriginReader(config)));
  app.all("*", (c) => c.json({ client: c.get("clientAddress"), origin: c.get("publicOrigin") }));
  return { app, lines };
}

describe("requestContext", () => {
  it("logs a request at info whatever headers it sends", async () => {
    const { app, lines } = loggedApp();
    await app.request("/api/health", { headers: { "x-broadsheet-internal": "1", "x-forwarded-for": "203.0.113.9" } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, path: "/api/health", client: "203.0.113.9", status: 200 });
  });

  it("redacts reset tokens from logged paths", async () => {
    const { app, lines } = loggedApp();
    await app.request("/api/users/resetPassword/secret-token-123", { method: "PATCH" });
    await app.request("/reset/secret-token-456");
    expect(JSON.stringify(lines)).not.toContain("secret-token");
    expect(lines.map((line) => line.path)).toEqual(["/api/users/resetPassword/[redacted]", "/reset/[redacted]"]);
  });

  it("takes the rightmost untrusted X-Forwarded-For entry and the PUBLIC_URL origin", async () => {
    const { app } = loggedApp();
    const response = await app.request("/", {
      headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-host": "evil.example" },
    });
    expect(await response.json()).toEqual({ client: "198.51.100.7", origin: "https://news.example.com" });
  });

  it("refuses a request id that could forge log lines", async () => {
    const { app, lines } = loggedApp();
    await app.request("/", { headers: { "x-request-id": "a fake <line>" } });
    expect(lines[0]?.requestId).not.toContain("fake");
  });
});
