import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../posts";
import { absoluteFeedHtml } from "./feed-content";

describe("absoluteFeedHtml", () => {
  it("makes relative addresses absolute and leaves an embed its still and link, not its button", () => {
    const stored = sanitizeRichText(
      `<p><a href="/category/news">News</a></p><figure data-url="https://vimeo.com/76979871" data-thumbnail="/media/${"a".repeat(64)}.webp"></figure>`,
    );
    const html = absoluteFeedHtml(stored, "https://news.example/page/story");
    expect(html).toContain('<a href="https://news.example/category/news"');
    expect(html).toContain(`<img src="https://news.example/media/${"a".repeat(64)}.webp"`);
    expect(html).toContain('<a href="https://vimeo.com/76979871" rel="noopener noreferrer nofollow">Open on Vimeo</a>');
    expect(html).not.toContain("<button");
  });
});
