import { describe, expect, it } from "vitest";
import { redirectKey } from "./redirect-paths";

describe("redirectKey", () => {
  it("decodes percent-encoding and drops one trailing slash", () => {
    expect(redirectKey("/2020/05/caf%C3%A9/")).toBe("/2020/05/café");
    expect(redirectKey("/2020/05/café")).toBe("/2020/05/café");
    expect(redirectKey("/")).toBe("/");
  });

  it("keeps only the query parameter that names a page", () => {
    expect(redirectKey("/?p=123&utm_source=x")).toBe("/?p=123");
    expect(redirectKey("/?page_id=45")).toBe("/?page_id=45");
    expect(redirectKey("/about/?utm_source=x")).toBe("/about");
  });

  it("refuses what is not a site-relative path", () => {
    expect(redirectKey("https://example.com/x")).toBeNull();
    expect(redirectKey("//evil.example/x")).toBeNull();
    expect(redirectKey("")).toBeNull();
  });
});
