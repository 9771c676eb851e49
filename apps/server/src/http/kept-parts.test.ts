import { CAROUSEL_SIZE, POST_CATEGORIES } from "@broadsheet/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../testing/fixtures";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * Decision 040: the home page's parts that hydration keeps as the server rendered them travel
 * in the document as HTML only. The loader data the browser decodes carries their versions; a
 * client navigation's data request carries their data too, with the same versions.
 */
const context = useTestApp({ pages: true });
const STATIC_ONLY = "Ledger quarterly outlook for small traders";
const HYDRATED = "Harbour summit talks run late into the night";

beforeAll(async () => {
  const ids = new Map<string, string>();
  for (const name of POST_CATEGORIES) ids.set(name, (await insertCategory(context.database.db, name)).id);
  // Business is a kept block; World News has like buttons, so its block hydrates with its data.
  const minute = 60_000;
  const start = Date.now() - 60 * minute;
  await insertPost(context.database.db, {
    categoryId: ids.get("Business"),
    title: STATIC_ONLY,
    slug: "ledger-outlook",
    createdAt: new Date(start),
  });
  // Newer posts fill the Latest News carousel, which hydrates: the Business post is not among them.
  for (let i = 1; i <= CAROUSEL_SIZE; i++) {
    await insertPost(context.database.db, {
      categoryId: ids.get("World News"),
      title: i === CAROUSEL_SIZE ? HYDRATED : `Harbour report ${i}`,
      slug: `harbour-${i}`,
      images: [`/media/${"e".repeat(64)}.webp`],
      createdAt: new Date(start + i * minute),
    });
  }
  context.app.services.publicPages.reads.invalidateAll();
});

/** The loader data a document hands React Router in the browser. */
function loaderDataOf(html: string): string {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .filter((script) => script.includes("__reactRouterContext"))
    .join("\n");
}

/** The kept parts' versions (base64url SHA-1 digests) in a loader data text. */
function versionsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\\?"([A-Za-z0-9_-]{27})\\?"/g)].map((match) => match[1] ?? ""));
}

describe(`the home page's kept parts on ${testDatabaseKind()}`, () => {
  it("shows a kept part's posts in the document's HTML but leaves them out of its loader data", async () => {
    const response = await context.app.request("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    expect(markup).toContain(STATIC_ONLY);
    expect(markup).toContain(HYDRATED);

    const loaderData = loaderDataOf(html);
    expect(loaderData).toContain(HYDRATED);
    expect(loaderData).not.toContain(STATIC_ONLY);
    // The mosaic's data stays on the server too, yet the page still shares its first image.
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/media/${"e".repeat(64)}\\.webp"`));
  });

  it("sends a client navigation the kept parts' data, under the versions the document carried", async () => {
    const document = loaderDataOf(await (await context.app.request("/")).text());
    const response = await context.app.request("/_root.data");
    expect(response.status).toBe(200);
    const data = await response.text();
    expect(data).toContain(STATIC_ONLY);
    expect(data).toContain(HYDRATED);

    // Ten parts, some of them alike (the empty blocks share one version, written once).
    const documentVersions = versionsIn(document);
    expect(documentVersions.size).toBeGreaterThanOrEqual(3);
    for (const version of documentVersions) expect(versionsIn(data)).toContain(version);
  });
});
