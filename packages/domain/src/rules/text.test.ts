import { describe, expect, it } from "vitest";
import { slugify } from "../content/slugs";
import { asciiSlug, groupThousands, htmlToText, minuteRead, normalizeSlug, shortenText } from "./text";

describe("shortenText", () => {
  it("keeps text at or under the limit unchanged", () => {
    expect(shortenText("Hello", 5)).toBe("Hello");
    expect(shortenText("Hi", 16)).toBe("Hi");
  });
  it("cuts to the limit and appends three dots when longer", () => {
    expect(shortenText("Hello world", 5)).toBe("Hello...");
    expect(shortenText("a".repeat(91), 90)).toBe(`${"a".repeat(90)}...`);
  });
});

describe("groupThousands", () => {
  it("writes whole numbers as toLocaleString does in English", () => {
    for (const value of [0, 7, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789, -4_321])
      expect(groupThousands(value)).toBe(value.toLocaleString("en-GB"));
  });
});

describe("slugify", () => {
  it("lower-cases and joins words with dashes", () => {
    expect(slugify("Markets Rally as Rates Fall")).toBe("markets-rally-as-rates-fall");
  });
  it("drops accents and punctuation and trims dashes", () => {
    expect(slugify("  Café société: ¿qué pasa?  ")).toBe("cafe-societe-que-pasa");
    expect(slugify("Rock & Roll")).toBe("rock-and-roll");
  });
  it("falls back to 'post' when nothing is left", () => {
    expect(slugify("!!!")).toBe("post");
  });
  it("caps the length without a trailing dash", () => {
    const slug = slugify(`${"word ".repeat(40)}`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("minuteRead", () => {
  it("counts words of the visible text, 200 a minute, rounding up", () => {
    const body = `<p>${"word ".repeat(201)}</p>`;
    expect(minuteRead(body)).toBe(2);
  });
  it("ignores tags and scripts and is at least one minute", () => {
    expect(minuteRead("<p></p><script>var a = 1 2 3 4</script>")).toBe(1);
    expect(minuteRead(`<h2>Title</h2><p>${"x ".repeat(400)}</p>`)).toBe(3);
  });
  it("strips markup in htmlToText", () => {
    expect(htmlToText("<p>One <b>two</b>&nbsp;three</p>")).toBe("One two three");
  });
});

describe("normalizeSlug", () => {
  it("keeps letters of any script and digits, lower-cased, with single hyphens", () => {
    expect(normalizeSlug("  Hello,  World 2026! ")).toBe("hello-world-2026");
    expect(normalizeSlug("Привет-мир")).toBe("привет-мир");
  });

  it("decodes WordPress's percent-encoded slugs", () => {
    expect(normalizeSlug("%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82")).toBe("привет");
  });

  it("leaves broken percent-encoding as text and returns empty for nothing usable", () => {
    expect(normalizeSlug("100%-sure")).toBe("100-sure");
    expect(normalizeSlug("/../")).toBe("");
  });
});

describe("slugify transliterates other scripts", () => {
  it("gives Latin letters for Cyrillic and Nordic titles", () => {
    expect(slugify("Привет, мир")).toBe("privet-mir");
    expect(slugify("Ærø café")).toBe("aero-cafe");
  });
  it("keeps ASCII titles as asciiSlug makes them", () => {
    expect(slugify("Rock & Roll")).toBe(asciiSlug("Rock & Roll"));
  });
});
