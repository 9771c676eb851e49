import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

const context = useTestApp();
const get = (path: string, acceptEncoding?: string) =>
  context.app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe(`response compression on ${testDatabaseKind()}`, () => {
  it("answers brotli when the client takes it, else gzip, else the plain body", async () => {
    const plain = await get("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(10_000);

    const brotli = await get("/api/openapi.json", "gzip, deflate, br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("vary")).toContain("Accept-Encoding");
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliBytes.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(brotliBytes).toString("utf8")).toBe(text);

    const gzip = await get("/api/openapi.json", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8")).toBe(text);
  });

  it("leaves small answers as they are, and keeps their status and headers", async () => {
    const response = await get("/api/users/getUser", "gzip, br");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
