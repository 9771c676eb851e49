import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./inline-script-hashes";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline script hashes", () => {
  it("hashes each inline script's exact text once, whatever its attributes", () => {
    const html = Buffer.from(
      '<head><script>window.a = 1;</script></head><body><p>ü</p><script type="module" async="">import "/x.js";</script>' +
        '<script type="text/x-router-module" id="router-module">import("/e.js");</script><script>window.a = 1;</script></body>',
    );
    expect(inlineScriptHashes(html)).toEqual([
      hashOf("window.a = 1;"),
      hashOf('import "/x.js";'),
      hashOf('import("/e.js");'),
    ]);
  });

  it("leaves out scripts loaded from a file and JSON data blocks, which need no allowing", () => {
    const html = Buffer.from(
      '<script src="/assets/a.js"></script><script type="application/ld+json">{"@type":"WebSite"}</script><script>go()</script>',
    );
    expect(inlineScriptHashes(html)).toEqual([hashOf("go()")]);
  });

  it("stops at a script that is never closed, as the browser runs none of it", () => {
    expect(inlineScriptHashes(Buffer.from("<script>one()</script><script>two("))).toEqual([hashOf("one()")]);
  });
});
