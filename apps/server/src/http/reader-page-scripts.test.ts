import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { insertCategory } from "../testing/fixtures";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { WEB_CLIENT_DIR } from "./pages";

/*
 * Decision 025: a reader page loads no zod and builds no schema. Its scripts are the ones the
 * page names (React Router's preloads, which the page starts after its first paint).
 */
const context = useTestApp({ pages: true });

async function scriptsOf(path: string): Promise<string[]> {
  const response = await context.app.request(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
}

/** zod's chunk and the schemas' domain-<area> chunks (not the domain's zod-free `domain` chunk). */
const schemaChunks = (scripts: string[]) =>
  scripts.filter((script) => /\/assets\/(zod|domain-[a-z-]+)-[\w-]{8}\.js$/.test(script));

/** A page's scripts and the chunks they import statically: what its first load runs. */
function firstLoad(scripts: string[]): string[] {
  const files = new Set(scripts);
  for (const file of files) {
    const code = readFileSync(path.join(WEB_CLIENT_DIR, file), "utf8");
    for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g))
      files.add(`/assets/${imported}`);
  }
  return [...files];
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(WEB_CLIENT_DIR, file)), { level: 9 }).length, 0) /
  1024;

/*
 * Issue 44 asks 100 KB gzip; React DOM and React Router alone are 102 (decision 087). The
 * figure a reader page stays under until that changes, so that nothing creeps back in.
 */
const FIRST_LOAD_KB = 147;

describe(`the scripts of reader pages on ${testDatabaseKind()}`, () => {
  it(`load no zod, no schema and no toasts' container, and at most ${FIRST_LOAD_KB} KB gzip at first`, async () => {
    const editor = await signUp(context.app, { role: "editor", name: "Scripts Author" });
    const category = await insertCategory(context.database.db, "Scripts Shelf");
    const created = await editor.agent.post<{ slug: string; authorSlug: string }>("/api/posts", {
      title: "A story read without zod",
      category: category.slug,
      image: [`/media/${"e".repeat(64)}.webp`],
    });
    expect(created.status).toBe(201);
    const pages = [
      "/",
      `/page/${created.body.slug}`,
      `/category/${category.slug}`,
      `/author/${created.body.authorSlug}`,
      "/search",
      "/privacy-policy",
    ];
    for (const path of pages) {
      const scripts = await scriptsOf(path);
      expect(scripts.length, `${path} names its scripts`).toBeGreaterThan(3);
      expect(schemaChunks(scripts), path).toEqual([]);
      const first = firstLoad(scripts);
      expect(
        first.filter((script) => /\/(toast-container|react-toastify)/.test(script)),
        path,
      ).toEqual([]);
      expect(gzipKb(first), path).toBeLessThanOrEqual(FIRST_LOAD_KB);
    }
  });

  it("load them where a form is checked in the browser (the login page)", async () => {
    expect(schemaChunks(await scriptsOf("/login")).some((script) => script.includes("/zod-"))).toBe(true);
  });
});
