import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cutAtNonce, deflateParts, entityTag, fillParts, freshNonce, gzipFilled } from "./nonce-holes";

const PAGE = Buffer.from(
  `<html><head><script nonce="OLD">a()</script></head><body>${"story ".repeat(5000)}<script nonce="OLD">b()</script><p>OLD</p></body></html>`,
);

describe("a page cut at its nonce", () => {
  it("fills every hole with the new nonce, in plain and in gzip (whose checksum gunzip checks)", () => {
    const parts = cutAtNonce(PAGE, "OLD");
    expect(parts).toHaveLength(4);
    const deflated = deflateParts(parts);
    for (const nonce of [freshNonce(), freshNonce()]) {
      const expected = PAGE.toString("utf8").replaceAll("OLD", nonce);
      expect(Buffer.concat(fillParts(parts, nonce)).toString("utf8")).toBe(expected);
      expect(gunzipSync(Buffer.concat(gzipFilled(deflated, nonce))).toString("utf8")).toBe(expected);
    }
  });

  it("handles a body without the nonce, and holes at its very start and end", () => {
    for (const [body, nonce] of [
      [Buffer.from("no nonce here"), "XYZ"],
      [Buffer.from("XYZ in the middle XYZ"), "XYZ"],
      [Buffer.from("plain"), ""],
    ] as const) {
      const parts = cutAtNonce(body, nonce);
      const fresh = freshNonce();
      const expected = nonce ? body.toString("utf8").replaceAll(nonce, fresh) : body.toString("utf8");
      expect(gunzipSync(Buffer.concat(gzipFilled(deflateParts(parts), fresh))).toString("utf8")).toBe(expected);
    }
  });

  it("gives renders that differ only in their nonce one entity tag, and other pages another", () => {
    const first = entityTag(cutAtNonce(Buffer.from('<script nonce="a1">x</script>'), "a1"));
    expect(entityTag(cutAtNonce(Buffer.from('<script nonce="b2">x</script>'), "b2"))).toBe(first);
    expect(entityTag(cutAtNonce(Buffer.from('<script nonce="b2">y</script>'), "b2"))).not.toBe(first);
    expect(first).toMatch(/^W\/"[\w-]+"$/);
  });
});
