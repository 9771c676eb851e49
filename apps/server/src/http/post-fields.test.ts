import { POST_FIELD_MESSAGES } from "@broadsheet/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../testing/fixtures";
import { signUp, type TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/* A post's standfirst and search-and-social fields, in the API and the page's head (docs/product/post-fields.md). */

const context = useTestApp({ pages: true });
const BASE = "http://localhost:3000";
const IMAGE = "https://images.example.com/lighthouse.jpg";

let editor: TestAgent;
let category: { slug: string };

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  category = await insertCategory(context.database.db, `Coast ${Date.now()}`);
});

const BODY = "<h2>A life on the rocks</h2><p>The last keepers left in 1998.</p>";
let titles = 0;

async function createPost(fields: Record<string, unknown> = {}) {
  const response = await editor.post("/api/posts", {
    title: `The keepers ${++titles}`,
    category: category.slug,
    content: BODY,
    image: [IMAGE],
    isPublished: true,
    ...fields,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Record<string, string> & { _id: string; slug: string };
}

async function pageOf(slug: string): Promise<string> {
  const response = await context.app.request(`/page/${slug}`);
  expect(response.status).toBe(200);
  return response.text();
}

const FIELDS = {
  excerpt: "The last keepers of the Longstone light.",
  metaTitle: "The last keepers of Longstone",
  metaDescription: "Why the light went automatic in 1998.",
  socialImage: "https://images.example.com/share.jpg",
  canonicalUrl: "https://coast.example.org/keepers",
};

describe(`post excerpt and SEO fields on ${testDatabaseKind()}`, () => {
  it("round-trips every field, keeps those an update leaves out, and clears one sent empty", async () => {
    const created = await createPost({ ...FIELDS, excerpt: "  The last keepers\nof the Longstone light.  " });
    expect(created).toMatchObject(FIELDS);

    const kept = await editor.patch(`/api/posts/${created._id}`, {
      title: created.title,
      category: category.slug,
      image: [IMAGE],
      metaTitle: "",
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ ...FIELDS, metaTitle: "" });
    expect((await editor.get(`/api/posts/${created._id}`)).body).toMatchObject({ ...FIELDS, metaTitle: "" });
  });

  it("puts the fields in the page's head and the excerpt under the title", async () => {
    const post = await createPost(FIELDS);
    const html = await pageOf(post.slug);
    expect(html).toContain(`<title>${FIELDS.metaTitle} | `);
    expect(html).toContain(`<meta name="description" content="${FIELDS.metaDescription}"/>`);
    expect(html).toContain(`<meta property="og:title" content="${FIELDS.metaTitle}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${FIELDS.socialImage}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${FIELDS.socialImage}"/>`);
    expect(html).toContain(`<link rel="canonical" href="${FIELDS.canonicalUrl}"/>`);
    expect(html).toMatch(/<\/h1><p[^>]*>The last keepers of the Longstone light\.<\/p>/);
  });

  it("describes the page by the excerpt without a meta description, else by the text without its heading", async () => {
    const withExcerpt = await createPost({ excerpt: FIELDS.excerpt });
    expect(await pageOf(withExcerpt.slug)).toContain(`<meta name="description" content="${FIELDS.excerpt}"/>`);

    const plain = await createPost();
    const html = await pageOf(plain.slug);
    expect(html).toContain('<meta name="description" content="The last keepers left in 1998."/>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/page/${plain.slug}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${IMAGE}"/>`);
  });

  it.each([
    [{ excerpt: "e".repeat(301) }, POST_FIELD_MESSAGES.excerptTooLong],
    [{ metaTitle: "t".repeat(201) }, POST_FIELD_MESSAGES.metaTitleTooLong],
    [{ metaDescription: "d".repeat(301) }, POST_FIELD_MESSAGES.metaDescriptionTooLong],
    [{ canonicalUrl: "javascript:alert(1)" }, POST_FIELD_MESSAGES.canonicalUrlInvalid],
    [{ canonicalUrl: "coast.example.org/keepers" }, POST_FIELD_MESSAGES.canonicalUrlInvalid],
    [{ socialImage: "http://images.example.com/share.jpg" }, POST_FIELD_MESSAGES.socialImageInvalid],
  ])("refuses %j with a 400 and its message", async (fields, message) => {
    const response = await editor.post("/api/posts", {
      title: "Refused",
      category: category.slug,
      image: [IMAGE],
      ...fields,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});
