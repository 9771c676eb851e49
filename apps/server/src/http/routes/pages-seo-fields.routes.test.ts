import { randomUUID } from "node:crypto";
import { MAX_PAGE_SIZE, POST_FIELD_MESSAGES } from "@broadsheet/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

/* A page's excerpt, social image and canonical URL: in the API and in the page's head (docs/product/pages.md). */

const context = useTestApp({ pages: true });
const BASE = "http://localhost:3000";
const MEDIA_IMAGE = `/media/${"a".repeat(64)}.webp`;

let editor: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
});

const unique = () => randomUUID().slice(0, 8);

async function createPage(body: Record<string, unknown>) {
  const response = await editor.post("/api/pages", { title: "About", content: "<p>Printed in Leeds.</p>", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { _id: string; slug: string };
}

async function headOf(slug: string): Promise<string> {
  const response = await context.app.request(`/${slug}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe(`a page's excerpt, social image and canonical URL on ${testDatabaseKind()}`, () => {
  it("sets, reads and clears each field; a replace without them clears them", async () => {
    const fields = {
      excerpt: "  A paper\nprinted in Leeds.  ",
      socialImage: MEDIA_IMAGE,
      canonicalUrl: "https://first.example/about",
    };
    const page = await createPage({ slug: `about-${unique()}`, ...fields });
    const expected = { ...fields, excerpt: "A paper printed in Leeds." };
    expect(page).toMatchObject(expected);
    expect((await editor.get(`/api/pages/${page._id}`)).body).toMatchObject(expected);
    const listed = await editor.get(`/api/pages?limit=${MAX_PAGE_SIZE}`);
    expect(listed.body.items.find((item: { _id: string }) => item._id === page._id)).toMatchObject(expected);

    const https = await editor.put(`/api/pages/${page._id}`, {
      title: "About",
      slug: page.slug,
      ...fields,
      socialImage: "https://cdn.example/share.png",
    });
    expect(https.status).toBe(200);
    expect(https.body.socialImage).toBe("https://cdn.example/share.png");

    const cleared = await editor.put(`/api/pages/${page._id}`, {
      title: "About",
      slug: page.slug,
      excerpt: "",
      socialImage: "",
      canonicalUrl: "",
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ excerpt: "", socialImage: "", canonicalUrl: "" });
    const omitted = await editor.put(`/api/pages/${page._id}`, { title: "About", slug: page.slug, ...fields });
    expect(omitted.status).toBe(200);
    const replaced = await editor.put(`/api/pages/${page._id}`, { title: "About", slug: page.slug });
    expect(replaced.body).toMatchObject({ excerpt: "", socialImage: "", canonicalUrl: "" });
  });

  it("refuses a field out of bounds with 400 and the posts' message", async () => {
    for (const [body, message] of [
      [{ excerpt: "e".repeat(301) }, POST_FIELD_MESSAGES.excerptTooLong],
      [{ socialImage: "ftp://cdn.example/a.png" }, POST_FIELD_MESSAGES.socialImageInvalid],
      [{ socialImage: "http://cdn.example/a.png" }, POST_FIELD_MESSAGES.socialImageInvalid],
      [{ socialImage: "/media/not-a-key.webp" }, POST_FIELD_MESSAGES.socialImageInvalid],
      [{ socialImage: `https://cdn.example/${"i".repeat(2000)}` }, POST_FIELD_MESSAGES.socialImageInvalid],
      [{ canonicalUrl: "first.example/about" }, POST_FIELD_MESSAGES.canonicalUrlInvalid],
      [{ canonicalUrl: "javascript:alert(1)" }, POST_FIELD_MESSAGES.canonicalUrlInvalid],
      [{ canonicalUrl: 42 }, undefined],
    ] as const) {
      const response = await editor.post("/api/pages", { title: "Refused", ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect(response.body.message).toBe(message);
      else expect(typeof response.body.message).toBe("string");
    }
    const page = await createPage({ slug: `refused-${unique()}` });
    const update = await editor.put(`/api/pages/${page._id}`, { title: "About", canonicalUrl: "nope" });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(POST_FIELD_MESSAGES.canonicalUrlInvalid);
  });

  it("puts the excerpt under the title and in the description, the canonical URL and the social image in the head", async () => {
    const slug = `rates-${unique()}`;
    await createPage({
      slug,
      isPublished: true,
      excerpt: "What an advert costs.",
      socialImage: MEDIA_IMAGE,
      canonicalUrl: "https://first.example/rates",
    });
    const html = await headOf(slug);
    expect(html).toContain('<h1>About</h1><p class="lead">What an advert costs.</p>');
    expect(html).toContain('<meta name="description" content="What an advert costs."/>');
    expect(html).toContain('<link rel="canonical" href="https://first.example/rates"/>');
    expect(html).toContain(`<meta property="og:image" content="${BASE}${MEDIA_IMAGE}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${BASE}${MEDIA_IMAGE}"/>`);
  });

  it("prefers the meta description to the excerpt, and without the fields keeps the page's own", async () => {
    const described = `described-${unique()}`;
    await createPage({ slug: described, isPublished: true, excerpt: "The excerpt.", metaDescription: "The meta." });
    expect(await headOf(described)).toContain('<meta name="description" content="The meta."/>');

    const plain = `plain-${unique()}`;
    await createPage({ slug: plain, isPublished: true });
    const html = await headOf(plain);
    expect(html).toContain('<meta name="description" content="Printed in Leeds."/>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/${plain}"/>`);
    expect(html).not.toContain("og:image");
    expect(html).not.toContain('class="lead"');
  });
});
