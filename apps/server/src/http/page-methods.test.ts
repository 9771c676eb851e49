import { describe, expect, it } from "vitest";
import { TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

const context = useTestApp({ pages: true });
const anonymous = () => new TestAgent(context.app);

describe(`methods a page does not take, on ${testDatabaseKind()}`, () => {
  it.each([
    ["DELETE", "/"],
    ["PUT", "/terms"],
    ["PATCH", "/login"],
  ])("%s %s answers 405 with Allow: GET, HEAD, POST", async (method, path) => {
    const response = await anonymous().request(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(response.body).toBe(`${method} is not allowed here. Allowed: GET, HEAD, POST`);
  });

  it("answers OPTIONS with 204 and Allow, and no CORS header", async () => {
    const response = await anonymous().request("OPTIONS", "/", undefined, { origin: "https://elsewhere.example" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("says GET and HEAD only when a form is posted to a page that takes none", async () => {
    const form = new FormData();
    form.set("anything", "1");
    const response = await anonymous().request("POST", "/terms", form, { origin: "http://localhost:3000" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("still renders a page for GET", async () => {
    const response = await anonymous().get("/terms");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
