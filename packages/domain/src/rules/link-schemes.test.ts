import { describe, expect, it } from "vitest";
import { isAllowedImageAddress, isAllowedLink } from "./link-schemes";

describe("link schemes", () => {
  it("allows http, https, mailto and tel links", () => {
    expect(isAllowedLink("https://example.com/a")).toBe(true);
    expect(isAllowedLink(" http://example.com ")).toBe(true);
    expect(isAllowedLink("mailto:desk@example.com")).toBe(true);
    expect(isAllowedLink("tel:+441234567")).toBe(true);
    expect(isAllowedLink("HTTPS://EXAMPLE.COM")).toBe(true);
  });

  it("refuses any other scheme, relative addresses and nothing", () => {
    expect(isAllowedLink("javascript:alert(1)")).toBe(false);
    expect(isAllowedLink("data:text/html,x")).toBe(false);
    expect(isAllowedLink("ftp://example.com")).toBe(false);
    expect(isAllowedLink("/page/x")).toBe(false);
    expect(isAllowedLink("")).toBe(false);
    expect(isAllowedLink(null)).toBe(false);
  });

  it("allows images uploaded here or over http(s) only", () => {
    expect(isAllowedImageAddress(`/media/${"0".repeat(64)}.webp`)).toBe(true);
    expect(isAllowedImageAddress("https://example.com/a.png")).toBe(true);
    expect(isAllowedImageAddress("http://example.com/a.png")).toBe(true);
    expect(isAllowedImageAddress("mailto:a@example.com")).toBe(false);
    expect(isAllowedImageAddress("/media/other.png")).toBe(false);
    expect(isAllowedImageAddress("data:image/png;base64,AAAA")).toBe(false);
  });
});
