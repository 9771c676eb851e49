import { describe, expect, it } from "vitest";
import { mediaDirFile } from "./import-images";
import { redirectRows } from "./import-redirects";
import type { ImportedEntry, ImportedTerm } from "./model";
import { classifyTerms, DEFAULT_CATEGORY } from "./taxonomy-mapping";

const term = (slug: string, parentSlug = ""): ImportedTerm => ({
  kind: "term",
  taxonomy: "category",
  sourceId: slug,
  name: slug.toUpperCase(),
  slug,
  parentSlug,
  oldPaths: [],
});

const entry = (categories: string[], tags: string[] = []) =>
  ({
    categories: categories.map((slug) => ({ name: slug.toUpperCase(), slug })),
    tags: tags.map((slug) => ({ name: slug, slug })),
  }) as ImportedEntry;

describe("classifyTerms", () => {
  const tree = new Map([
    ["travel", term("travel")],
    ["europe", term("europe", "travel")],
    ["paris", term("paris", "europe")],
    ["loop", term("loop", "loop")],
  ]);

  it("makes a root category the category and the rest tags", () => {
    expect(classifyTerms(entry(["travel", "food"], ["x"]), tree)).toEqual({
      category: { name: "TRAVEL", slug: "travel" },
      type: null,
      tags: [
        { name: "FOOD", slug: "food" },
        { name: "x", slug: "x" },
      ],
    });
  });

  it("makes a nested category's root the category and the nested one the type", () => {
    expect(classifyTerms(entry(["paris"]), tree)).toMatchObject({
      category: { slug: "travel" },
      type: { slug: "paris" },
    });
  });

  it("makes a ticked child of a top-level first category the type (Broadsheet's own WXR)", () => {
    expect(classifyTerms(entry(["travel", "food", "europe"], ["x"]), tree)).toEqual({
      category: { name: "TRAVEL", slug: "travel" },
      type: { name: "EUROPE", slug: "europe" },
      tags: [
        { name: "FOOD", slug: "food" },
        { name: "x", slug: "x" },
      ],
    });
  });

  it("survives a category that is its own parent, and gives Uncategorized to an entry with none", () => {
    expect(classifyTerms(entry(["loop"]), tree).category.slug).toBe("loop");
    expect(classifyTerms(entry([]), tree).category).toEqual(DEFAULT_CATEGORY);
  });
});

describe("redirectRows", () => {
  it("keys old paths as lookups do, drops the site root and paths that are the new one", () => {
    expect(
      redirectRows([
        { fromPath: "/2020/05/caf%C3%A9/", toPath: "/page/café" },
        { fromPath: "/", toPath: "/page/x" },
        { fromPath: "/about/", toPath: "/about" },
        { fromPath: "/blog/?p=12&utm=x", toPath: "/page/x" },
        { fromPath: "https://elsewhere.example/x", toPath: "/page/x" },
      ]),
    ).toEqual([
      { fromPath: "/2020/05/café", toPath: "/page/café" },
      { fromPath: "/blog?p=12", toPath: "/page/x" },
    ]);
  });
});

describe("mediaDirFile", () => {
  it("finds an uploads address in the media folder and never outside it", () => {
    expect(mediaDirFile("/srv/uploads", "https://old.example/blog/wp-content/uploads/2020/05/a%20b.jpg")).toBe(
      "/srv/uploads/2020/05/a b.jpg",
    );
    expect(mediaDirFile("/srv/uploads", "https://old.example/wp-content/uploads/../../etc/passwd")).toBe(
      "/srv/uploads/etc/passwd",
    );
    expect(mediaDirFile("/srv/uploads", "https://old.example/wp-content/uploads/a%2F..%2F..%2F..%2Fetc/passwd")).toBe(
      null,
    );
  });

  it("finds Ghost's content/images addresses, absolute or relative to the old site", () => {
    expect(mediaDirFile("/srv/images", "/content/images/2021/03/lead.png")).toBe("/srv/images/2021/03/lead.png");
    expect(mediaDirFile("/srv/images", "https://ghost.example/content/images/size/w600/x.png")).toBe(
      "/srv/images/size/w600/x.png",
    );
  });
});
