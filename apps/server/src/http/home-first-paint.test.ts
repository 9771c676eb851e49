import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { WEB_CLIENT_DIR } from "./pages";

/*
 * Decision 031: the home page holds its first paint until its first screen is parsed, and the
 * framework's three chunks are run in the order they import one another. Decision 033: each
 * part below the first screen is rendered on approach by itself, and no style rule makes the
 * browser restyle a whole subtree as the HTML streams in. Decision 034: the `.prose` rules, which
 * the browser tries against every element, are linked only by pages that show prose.
 */
const context = useTestApp({ pages: true });

async function pageAt(url: string): Promise<string> {
  const response = await context.app.request(url);
  expect(response.status).toBe(200);
  return response.text();
}

const homePage = () => pageAt("/");

/** The same-origin stylesheets a page links, as their paths. */
function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[\w-]+\.css)"/g)].map((match) => match[1] ?? "");
}

describe(`the home page's first paint on ${testDatabaseKind()}`, () => {
  it("waits, in the head, for the first part below the first screen, which the page has", async () => {
    const html = await homePage();
    const head = html.slice(0, html.indexOf("</head>"));
    const expectLink = /<link[^>]*rel="expect"[^>]*>/.exec(head)?.[0];
    expect(expectLink).toContain('blocking="render"');
    const target = /href="#([\w-]+)"/.exec(expectLink ?? "")?.[1];
    expect(target).toBeTruthy();
    // The element it waits for is the first part rendered on approach: all above it is the first screen.
    const firstBelowTheFold = /<[a-z]+ [^>]*class="below-the-fold[^"]*"[^>]*>/.exec(html)?.[0];
    expect(firstBelowTheFold).toContain(`id="${target}"`);
    expect(html.match(new RegExp(`id="${target}"`, "g"))).toHaveLength(1);
  });

  it("is the only page that waits: the search page paints as it streams", async () => {
    const search = await context.app.request("/search");
    expect(await search.text()).not.toContain('rel="expect"');
  });

  it("runs React, React DOM and React Router as three chunks, in the order they import one another", async () => {
    const html = await homePage();
    const starter = /startScriptsAfterPaint[\s\S]*?<\/script>/.exec(html)?.[0] ?? "";
    const shared = JSON.parse(/,(\[[^\]]*\]),\d+\)<\/script>$/.exec(starter)?.[1] ?? "[]") as string[];
    const framework = shared.filter((href) => /\/assets\/(react-core|react-dom|router)-/.test(href));
    expect(framework.map((href) => /\/assets\/([a-z-]+)-/.exec(href)?.[1])).toEqual([
      "react-core",
      "react-dom",
      "router",
    ]);
    expect(shared.some((href) => href.includes("/framework-"))).toBe(false);
  });

  it("renders each block and sidebar part below the first screen on approach, one by one", async () => {
    const html = await homePage();
    const sections: string[] = html.match(/<section [^>]*data-category-block="[^"]*"[^>]*>/g) ?? [];
    expect(sections.length).toBeGreaterThanOrEqual(8);
    for (const labelled of ["featured-heading", "poll-heading", "icymi-heading"])
      sections.push(new RegExp(`<section [^>]*aria-labelledby="${labelled}"[^>]*>`).exec(html)?.[0] ?? labelled);
    for (const section of sections) expect(section).toMatch(/class="below-the-fold /);
  });

  it("has a stylesheet with no rule on what follows a first, last or nth child", async () => {
    const href = stylesheetsOf(await homePage()).find((sheet) => sheet.startsWith("/assets/app-"));
    expect(href).toBeTruthy();
    const css = await readFile(path.join(WEB_CLIENT_DIR, href ?? ""), "utf8");
    expect(css).toContain(".Toastify__toast-container");
    const selectors = [...css.matchAll(/(?:^|[{}])([^{}@]+)\{/g)].flatMap((match) => match[1]?.split(",") ?? []);
    expect(selectors.length).toBeGreaterThan(500);
    // `x:not(:last-child) > *`: whenever x stops being the last child, Chromium restyles all of x.
    const structuralThenCombinator =
      /:(first-child|last-child|only-child|nth-(last-)?child\([^)]*\))\)*\s*[>+~\s]\s*[^\s)]/;
    expect(selectors.filter((selector) => structuralThenCombinator.test(selector.trim()))).toEqual([]);
  });

  it("links the prose styles only on pages that show prose, and the site's stylesheet has none", async () => {
    const home = stylesheetsOf(await homePage());
    expect(home).toHaveLength(1);
    const appCss = await readFile(path.join(WEB_CLIENT_DIR, home[0] ?? ""), "utf8");
    expect(appCss).not.toMatch(/\.prose\b/);
    for (const url of ["/search", "/login"]) {
      expect(stylesheetsOf(await pageAt(url))).toEqual(home);
    }
    for (const url of ["/terms", "/privacy-policy"]) {
      const sheets = stylesheetsOf(await pageAt(url));
      const prose = sheets.find((sheet) => sheet.startsWith("/assets/prose-"));
      expect(sheets[0]).toBe(home[0]);
      expect(prose).toBeTruthy();
      const proseCss = await readFile(path.join(WEB_CLIENT_DIR, prose ?? ""), "utf8");
      // Below the utilities, so that `max-w-none` on a prose element still wins.
      expect(proseCss).toMatch(/@layer components\{[\s\S]*\.prose\{[^}]*max-width:65ch/);
      expect(proseCss).not.toContain("@layer utilities");
    }
  });
});
