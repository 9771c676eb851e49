import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { createRequestOriginReader, rateLimitKey } from "./client-address";

const reader = (env: Record<string, string>) => createRequestOriginReader(parseConfig(env));
const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/login", { headers });

describe("client address and public origin", () => {
  it("trusts no header when TRUST_PROXY is off", () => {
    const read = reader({});
    const origin = read(request({ "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" }), "10.0.0.5");
    expect(origin).toEqual({ clientAddress: "10.0.0.5", publicOrigin: "http://127.0.0.1:3000" });
  });

  it("takes the rightmost entry a trusted hop wrote, however many the client forged", () => {
    const read = reader({ TRUST_PROXY: "1" });
    expect(read(request({ "x-forwarded-for": "6.6.6.6, 7.7.7.7, 203.0.113.9" }), "127.0.0.1").clientAddress).toBe(
      "203.0.113.9",
    );
    const twoHops = reader({ TRUST_PROXY: "2" });
    expect(twoHops(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), "127.0.0.1").clientAddress).toBe(
      "203.0.113.9",
    );
  });

  it("walks a list of trusted proxy addresses and stops at the first stranger", () => {
    const read = reader({ TRUST_PROXY: "loopback, 10.0.0.0/8" });
    const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.1.2.3" };
    expect(read(request(headers), "127.0.0.1").clientAddress).toBe("203.0.113.9");
    // A socket that is not a trusted proxy is the client itself.
    expect(read(request(headers), "192.0.2.1").clientAddress).toBe("192.0.2.1");
  });

  it("takes the origin from trusted X-Forwarded-Proto/-Host, unless PUBLIC_URL says it", () => {
    const headers = { "x-forwarded-proto": "https", "x-forwarded-host": "news.example.com" };
    expect(reader({ TRUST_PROXY: "1" })(request(headers), "127.0.0.1").publicOrigin).toBe("https://news.example.com");
    expect(
      reader({ TRUST_PROXY: "1", PUBLIC_URL: "https://site.example" })(request(headers), "127.0.0.1").publicOrigin,
    ).toBe("https://site.example");
    expect(reader({ TRUST_PROXY: "1" })(request({ "x-forwarded-host": "bad host/x" }), "127.0.0.1").publicOrigin).toBe(
      "http://127.0.0.1:3000",
    );
  });

  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(rateLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitKey("2001:db8:1:2:3:4:5:6")).toBe(rateLimitKey("2001:db8:1:2::ffff"));
    expect(rateLimitKey("2001:db8:1:2::1")).not.toBe(rateLimitKey("2001:db8:1:3::1"));
  });
});
