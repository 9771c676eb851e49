import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { invalid } from "../errors";
import { useTestApp } from "../testing/test-app";
import { type TestDatabaseKind, testDatabaseKind } from "../testing/test-database";
import type { AppEnv } from "./app-env";
import { parseInput, readJson } from "./body";
import { handleError } from "./middleware/error-handler";

const context = useTestApp({ pages: true });

describe(`HTTP app on ${testDatabaseKind()}`, () => {
  it("reports health after a real query, naming the database engine", async () => {
    const response = await context.app.request("/api/health");
    expect(response.status).toBe(200);
    const expected: TestDatabaseKind = testDatabaseKind();
    expect(await response.json()).toEqual({ status: "ok", database: expected });
  });

  it("answers an unknown API path with 404 JSON and a message", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await context.app.request("/api/no-such", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "No API endpoint at this path" });
    }
  });

  it("sets the security headers on API and page responses", async () => {
    for (const path of ["/api/health", "/", "/no-such-page"]) {
      const response = await context.app.request(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'self'");
      // Pages allow their inline scripts by hash; API answers, which have none, allow none.
      if (path.startsWith("/api/")) expect(csp).toMatch(/script-src 'self'(;|$)/);
      else expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
    }
  });

  it("renders the home page on the server with the top bar and footer", async () => {
    const response = await context.app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('placeholder="Search"');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Home<\/a>/);
    expect(html).toContain(`© ${new Date().getUTCFullYear()} Broadsheet`);
    // The top bar date: weekday, day, month, year.
    expect(html).toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}/);
    // The early-input catcher runs: the CSP names its hash.
    const catcher = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(catcher).toContain("addEventListener");
    const hash = createHash("sha256").update(catcher).digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });

  it("answers an unknown page with the Page Not Found screen and status 404", async () => {
    const response = await context.app.request("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Looks like the page you are looking for could not be found.");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back To Home<\/a>/);
    expect(html).toContain('placeholder="Search"');
  });
});

describe("error handler", () => {
  const schema = z.object({ name: z.string({ error: "Name is required" }).min(1, "Name is required") });
  const app = new Hono<AppEnv>()
    .post("/api/echo", async (c) => c.json(parseInput(schema, await readJson(c))))
    .post("/api/raw", async (c) => c.json(await c.req.json()))
    .get("/api/refuse", () => {
      throw invalid("Nope");
    })
    .get("/api/crash", () => {
      throw new Error("secret internals at /srv/app.ts:12");
    });
  app.onError(handleError);

  const post = (path: string, body: string) =>
    app.request(path, { method: "POST", body, headers: { "content-type": "application/json" } });

  it("answers malformed JSON with 400 and a message, never 500", async () => {
    for (const path of ["/api/echo", "/api/raw"]) {
      const response = await post(path, '{"name": ');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "The request body is not valid JSON" });
    }
  });

  it("answers invalid input with the schema's first message", async () => {
    const response = await post("/api/echo", "{}");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Name is required" });
    expect(await (await post("/api/echo", '{"name":"Ada"}')).json()).toEqual({ name: "Ada" });
  });

  it("maps a typed service error to its status and message", async () => {
    const response = await app.request("/api/refuse");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Nope" });
  });

  it("hides unknown errors behind a generic 500 without internals", async () => {
    const response = await app.request("/api/crash");
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain("/srv/app.ts");
    expect(JSON.parse(body)).toEqual({ message: "Something went wrong on our side. Please try again." });
  });
});
