import { describe, expect, it } from "vitest";
import { insertCategory } from "../testing/fixtures";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

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

describe(`the scripts of reader pages on ${testDatabaseKind()}`, () => {
  it("load no zod and no schema on the home, post, category, author and search pages", async () => {
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
    }
  });

  it("load them where a form is checked in the browser (the login page)", async () => {
    expect(schemaChunks(await scriptsOf("/login")).some((script) => script.includes("/zod-"))).toBe(true);
  });
});
