import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeHttpServer, createHttpServer, listen } from "../server";
import { TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

describe(`methods an /api path does not serve, on ${testDatabaseKind()}`, () => {
  it.each([
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["PUT", "/api/posts", "GET, POST, HEAD, OPTIONS"],
    ["POST", "/api/settings", "GET, PATCH, HEAD, OPTIONS"],
    ["PUT", "/api/votes/00000000-0000-4000-a000-000000000000", "GET, PATCH, DELETE, HEAD, OPTIONS"],
  ])("%s %s answers 405 with Allow: %s", async (method, path, allow) => {
    const response = await anonymous().request(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.body).toEqual({ message: `${method} is not allowed here. Allowed: ${allow}` });
  });

  it("answers OPTIONS with 204 and Allow, opening nothing cross-origin", async () => {
    const response = await anonymous().request("OPTIONS", "/api/posts", undefined, {
      origin: "https://elsewhere.example",
      "access-control-request-method": "POST",
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("access-control-allow-methods")).toBeNull();
    expect(response.body).toBe("");
  });

  it("still answers 404 for a path the API does not have, whatever the method", async () => {
    for (const method of ["GET", "DELETE", "OPTIONS"]) {
      const response = await anonymous().request(method, "/api/nothing-here");
      expect(response.status).toBe(404);
      expect(response.headers.get("allow")).toBeNull();
      expect(response.body).toEqual({ message: "No API endpoint at this path" });
    }
  });

  it("keeps serving the methods a path has", async () => {
    expect((await anonymous().get("/api/health")).status).toBe(200);
    expect((await anonymous().request("HEAD", "/api/health")).status).toBe(200);
  });
});

describe(`a method fetch() cannot send, over a socket, on ${testDatabaseKind()}`, () => {
  let server: ReturnType<typeof createHttpServer>;
  let port: number;
  beforeAll(async () => {
    server = createHttpServer(context.app);
    port = await listen(server, 0, "127.0.0.1");
  });
  afterAll(() => closeHttpServer(server, 1000));

  it("TRACE /api/posts answers 405 with Allow", async () => {
    const answer = await new Promise<{ status?: number; allow?: string; body: string }>((resolve, reject) => {
      const sent = request({ host: "127.0.0.1", port, method: "TRACE", path: "/api/posts" }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode, allow: response.headers.allow, body }));
      });
      sent.on("error", reject);
      sent.end();
    });
    expect(answer).toEqual({
      status: 405,
      allow: "GET, POST, HEAD, OPTIONS",
      body: JSON.stringify({ message: "TRACE is not allowed here. Allowed: GET, POST, HEAD, OPTIONS" }),
    });
  });
});
