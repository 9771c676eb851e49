// @vitest-environment node
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GLYPH_NAMES, Glyph } from "./components/glyph";

/* glyphs.css draws Lucide's icons as masks: each must be there, and be the installed Lucide's drawing. */

const css = readFileSync(new URL("./glyphs.css", import.meta.url), "utf8");

/** The SVG of `.glyph-{name}`'s mask, decoded. */
function maskSvg(name: string): string {
  const rule = new RegExp(`\\.glyph-${name} \\{\\s*--glyph: url\\("data:image/svg\\+xml,([^"]+)"\\);\\s*\\}`).exec(css);
  if (!rule?.[1]) throw new Error(`glyphs.css has no mask for ${name}`);
  return decodeURIComponent(rule[1]);
}

/** The drawing's elements and attributes, in order, keys left out. */
type IconNode = [string, Record<string, string>][];
function elementsOf(svg: string): IconNode {
  return [...svg.matchAll(/<(path|circle|line|rect|polyline|polygon|ellipse) ([^>]*?)\/>/g)].map(([, tag, attrs]) => [
    tag as string,
    Object.fromEntries([...(attrs ?? "").matchAll(/([\w-]+)='([^']*)'/g)].map(([, key, value]) => [key, value])),
  ]) as IconNode;
}

describe("glyphs", () => {
  it.each(GLYPH_NAMES)("%s is Lucide's icon, stroked as Lucide draws it", async (name) => {
    const { __iconData } = (await import(`lucide-react/icons/${name}`)) as {
      __iconData: { node: [string, Record<string, string>][] };
    };
    const svg = maskSvg(name);
    expect(svg).toContain("viewBox='0 0 24 24'");
    expect(svg).toContain("fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'");
    const lucide = __iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
    expect(elementsOf(svg)).toEqual(lucide);
  });

  it("renders one hidden, empty span that names its glyph", () => {
    expect(renderToStaticMarkup(<Glyph name="heart" className="h-4 w-4" />)).toBe(
      '<span aria-hidden="true" class="glyph glyph-heart h-4 w-4"></span>',
    );
  });
});
