import { describe, expect, it } from "vitest";
import { hashPassword, NO_PASSWORD_HASH, verifyPassword } from "./passwords";

describe("verifyPassword", () => {
  it("never matches an account without a password (an imported author's), whatever is typed", async () => {
    for (const typed of ["", NO_PASSWORD_HASH, "!", "no-password"]) {
      expect(await verifyPassword(NO_PASSWORD_HASH, typed)).toBe(false);
      expect(await verifyPassword("", typed)).toBe(false);
    }
  });

  it("matches the password an argon2 hash was made from, and only it", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "wrong horse")).toBe(false);
  });
});
