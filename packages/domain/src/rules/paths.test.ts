import { describe, expect, it } from "vitest";
import { authorPath, categoryPath, feedPath, postPath } from "./paths";

describe("page paths", () => {
  it("builds a post's page under /page/, its slug one encoded segment", () => {
    expect(postPath("hello-world")).toBe("/page/hello-world");
    expect(postPath("a/b c?")).toBe("/page/a%2Fb%20c%3F");
  });

  it("builds a category's page, and a type's page below it", () => {
    expect(categoryPath("world-news")).toBe("/category/world-news");
    expect(categoryPath("world-news", "europe")).toBe("/category/world-news/europe");
    expect(categoryPath("a b", "c/d")).toBe("/category/a%20b/c%2Fd");
    expect(categoryPath("sports", "")).toBe("/category/sports");
  });

  it("builds an author's page", () => {
    expect(authorPath("jane-doe")).toBe("/author/jane-doe");
    expect(authorPath("é")).toBe("/author/%C3%A9");
  });

  it("puts a feed file at the site's root or below a category", () => {
    expect(feedPath("", "rss.xml")).toBe("/rss.xml");
    expect(feedPath(categoryPath("sports"), "atom.xml")).toBe("/category/sports/atom.xml");
  });
});
