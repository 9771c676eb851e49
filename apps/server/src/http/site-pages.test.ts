import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/* /{slug}: a static page as readers, search engines and staff get it (docs/product/pages.md). */

const context = useTestApp({
  pages: true,
  env: { SITE_NAME: "Morning Post", CONTACT_EMAIL: "desk@morning.example", CONTACT_PHONE: "+44 20 7946 0000" },
});
const BASE = "http://localhost:3000";

let editor: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
});

async function createPage(body: Record<string, unknown>) {
  const response = await editor.post("/api/pages", body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { _id: string; slug: string; title: string };
}

describe(`static pages at /{slug} on ${testDatabaseKind()}`, () => {
  it("serves a published page: title, body, last updated, meta title and description, canonical, indexable", async () => {
    const slug = `about-${randomUUID().slice(0, 8)}`;
    await createPage({
      title: "About the paper",
      slug,
      content: "<h2>Since 1901</h2><p>Printed in Leeds.</p>",
      isPublished: true,
      metaTitle: "Who we are",
      metaDescription: "A paper printed in Leeds since 1901.",
    });
    const response = await context.app.request(`/${slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>About the paper</h1>");
    expect(html).toContain("<h2>Since 1901</h2><p>Printed in Leeds.</p>");
    expect(html).toMatch(/Last updated \w+ \d{1,2}, \d{4}/);
    expect(html).toContain("<title>Who we are | Morning Post</title>");
    expect(html).toContain('<meta name="description" content="A paper printed in Leeds since 1901."/>');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/${slug}"/>`);
    expect(html).not.toContain('name="robots"');
  });

  it("answers the site's 404 for a draft or an unknown slug, but shows staff the draft", async () => {
    const slug = `draft-${randomUUID().slice(0, 8)}`;
    await createPage({ title: "Coming soon", slug, content: "<p>Not yet.</p>", isPublished: false });
    const anonymous = await context.app.request(`/${slug}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain("Not yet.");
    expect((await context.app.request(`/no-such-page-${randomUUID()}`)).status).toBe(404);

    const staff = await editor.get(`/${slug}`);
    expect(staff.status).toBe(200);
    expect(staff.body).toContain("Not yet.");
    expect(staff.body).toContain("Draft: only staff can see this page.");
    expect(staff.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("keeps every screen of the site where it was", async () => {
    expect(await (await context.app.request("/login")).text()).toContain("<h1");
    expect((await context.app.request("/search")).status).toBe(200);
    expect((await context.app.request("/rss.xml")).headers.get("content-type")).toMatch(/xml/);
  });

  it("shows Terms and Privacy as pages, with the settings' name and contact, and an edit at once", async () => {
    const terms = await (await context.app.request("/terms")).text();
    expect(terms).toContain("<title>Terms | Morning Post</title>");
    expect(terms).toContain("By using Morning Post you agree to these terms.");
    expect(terms).toContain("Last updated November 22, 2026");
    expect(terms).toContain('<a href="mailto:desk@morning.example">desk@morning.example</a>');
    expect(terms).toContain(`<a href="tel:+442079460000">+44\u00a020\u00a07946\u00a00000</a>`);
    expect(terms).not.toContain("[site-name]");
    const privacy = await (await context.app.request("/privacy-policy")).text();
    expect(privacy).toContain("<title>Privacy Policy | Morning Post</title>");
    expect(privacy).toContain("Morning Post respects your privacy.");

    const { body: page } = await editor.get("/api/pages/terms");
    // Cached for readers now: the edit must still show on the next view.
    await context.app.request("/terms");
    const saved = await editor.put(`/api/pages/${page._id}`, {
      title: "Terms of Use",
      slug: "terms",
      content: "<p>New terms for [site-name].</p>",
      isPublished: true,
    });
    expect(saved.status).toBe(200);
    const edited = await (await context.app.request("/terms")).text();
    expect(edited).toContain("New terms for Morning Post.");
    expect(edited).not.toContain("they are short");
  });
});
