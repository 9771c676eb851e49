import { EMBED_PROVIDERS, findEmbed, frameOrigins } from "@broadsheet/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embedsIn } from "./embed-markup";
import { sanitizeRichText } from "./html-sanitizer";

const hosts = EMBED_PROVIDERS.flatMap((provider) => provider.frameOrigins.map((origin) => new URL(origin).host));
const address = fc
  .tuple(
    fc.constantFrom("https://", "http://"),
    fc.constantFrom(
      ...hosts,
      "youtube.com",
      "youtu.be",
      "vimeo.com",
      "x.com",
      "soundcloud.com",
      "bsky.app",
      "evil.example",
    ),
    fc.array(
      fc.constantFrom("watch", "p", "@a", "status", "video", "pen", "profile", "post", "1", "abc", "..", "%2F"),
      {
        maxLength: 4,
      },
    ),
    fc.webQueryParameters(),
  )
  .map(([scheme, host, path, query]) => `${scheme}${host}/${path.join("/")}?${query}`);

describe("embeds in stored HTML", () => {
  it("makes frame addresses only on the providers' frame origins, whatever the address", () => {
    fc.assert(
      fc.property(address, (url) => {
        const embed = findEmbed(url);
        if (embed) expect(frameOrigins()).toContain(new URL(embed.src).origin);
      }),
    );
  });

  it("stores a paragraph of an address once, as an embed exactly when the provider table knows it", () => {
    fc.assert(
      fc.property(address, fc.string({ maxLength: 40 }), (url, title) => {
        const stored = sanitizeRichText(
          `<p>${url.replace(/&/g, "&amp;")}</p><figure data-url="${url.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" data-title="${title.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"></figure>`,
        );
        expect(sanitizeRichText(stored)).toBe(stored);
        const found = embedsIn(stored);
        expect(found.length).toBe(findEmbed(url) ? 2 : 0);
        expect(stored).not.toContain("<iframe");
      }),
    );
  });

  it("keeps a paragraph with an image or other words as it is", () => {
    const html =
      '<p>See https://youtu.be/dQw4w9WgXcQ now</p><p><img src="/media/x.webp" />https://youtu.be/dQw4w9WgXcQ</p>';
    expect(embedsIn(sanitizeRichText(html))).toEqual([]);
  });

  it("finds an embed inside a quote or a list", () => {
    const html =
      "<blockquote><p>https://youtu.be/dQw4w9WgXcQ</p></blockquote><ul><li><p>https://vimeo.com/1</p></li></ul>";
    expect(embedsIn(sanitizeRichText(html)).map((found) => found.embed.provider.id)).toEqual(["youtube", "vimeo"]);
  });
});
