import path from "node:path";
import { sql } from "drizzle-orm";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/client";
import { SERVER_ROOT } from "../paths";
import { seedDemoContent } from "../seed/demo-seed";
import { signUp, type TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * The reader pages, rendered from the demo magazine, pass html-validate with the repository's
 * .htmlvalidate.json (its recommended rules, less the few it lists with a reason).
 */
const context = useTestApp({ pages: true });
const validator = new HtmlValidate(new FileSystemConfigLoader());
// The loader finds .htmlvalidate.json by walking up from the named file, as the CLI does.
const PAGE_FILE = path.resolve(SERVER_ROOT, "..", "..", "page.html");
/** A logged-in reader whose browser runs scripts gets the copy readers share (decision 016). */
const SCRIPTS_ON = "broadsheet_js=1";

let reader: TestAgent;
const paths = { post: "", category: "", categoryType: "", author: "" };

async function first<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await selectRows<T>(context.database.db, query);
  if (!row) throw new Error("the demo magazine lacks a row the page needs");
  return row;
}

beforeAll(async () => {
  await seedDemoContent(context.database.db, context.app.services, { posts: 30 });
  reader = (await signUp(context.app, { name: "Valid Reader" })).agent;
  const gallery = await first<{ slug: string }>(
    sql`select slug from posts where cardinality(images) > 1 and cardinality(image_alts) > 1 order by created_at desc limit 1`,
  );
  paths.post = `/page/${gallery.slug}`;
  const type = await first<{ category: string; type: string }>(
    sql`select c.slug as category, t.slug as type from types t join categories c on c.id = t.category_id
        where exists (select 1 from posts p where p.type_id = t.id) limit 1`,
  );
  paths.category = `/category/${type.category}`;
  paths.categoryType = `/category/${type.category}/${type.type}`;
  const author = await first<{ slug: string }>(
    sql`select u.slug from users u where exists (select 1 from posts p where p.author_id = u.id) limit 1`,
  );
  paths.author = `/author/${author.slug}`;
});

async function problemsOn(pagePath: string, as: "anonymous" | "reader"): Promise<string[]> {
  const cookie = as === "reader" ? `${reader.cookie}; ${SCRIPTS_ON}` : "";
  const response = await context.app.request(pagePath, { headers: cookie ? { cookie } : {} });
  expect(response.status, pagePath).toBe(200);
  const html = await response.text();
  const report = await validator.validateString(html, PAGE_FILE);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId} at ${message.selector ?? "?"}: ${message.message}`),
  );
}

const pages: { name: string; path: () => string; as: "anonymous" | "reader" }[] = [
  { name: "home", path: () => "/", as: "anonymous" },
  { name: "home, logged in", path: () => "/", as: "reader" },
  { name: "post with a gallery", path: () => paths.post, as: "anonymous" },
  { name: "post with a gallery, logged in", path: () => paths.post, as: "reader" },
  { name: "category", path: () => paths.category, as: "anonymous" },
  { name: "category and type", path: () => paths.categoryType, as: "anonymous" },
  { name: "author", path: () => paths.author, as: "anonymous" },
  { name: "search with results", path: () => "/search?search=the", as: "anonymous" },
  { name: "search, empty", path: () => "/search", as: "anonymous" },
  { name: "login", path: () => "/login", as: "anonymous" },
  { name: "register", path: () => "/register", as: "anonymous" },
  { name: "profile", path: () => "/profile", as: "reader" },
  { name: "privacy policy", path: () => "/privacy-policy", as: "anonymous" },
  { name: "terms", path: () => "/terms", as: "anonymous" },
];

describe(`valid HTML on the reader pages on ${testDatabaseKind()}`, () => {
  it.each(pages)("$name", async (page) => {
    expect(await problemsOn(page.path(), page.as)).toEqual([]);
  });
});
