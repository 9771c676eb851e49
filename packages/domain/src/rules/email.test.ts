import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email";

describe("isValidEmail", () => {
  it.each([
    "reader@example.com",
    "first.last@news.co.uk",
    "x+tag@sub.domain.io",
    "ops@[192.168.0.1]",
    '"quoted name"@example.org',
  ])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    "",
    "plainaddress",
    "@example.com",
    "user@",
    "user@localhost",
    "user@example.c",
    "user@example.123",
    "user@[999.1.1.1]",
    "user name@example.com",
    "user@@example.com",
    ".user@example.com",
    "user.@example.com",
  ])("rejects %s", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Reader@Example.COM ")).toBe("reader@example.com");
  });
});
