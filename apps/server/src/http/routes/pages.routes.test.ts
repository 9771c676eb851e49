import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

let editor: TestAgent;
let admin: TestAgent;
let reader: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  reader = (await signUp(context.app, { role: "user" })).agent;
});

const unique = () => randomUUID().slice(0, 8);

async function createPage(body: Record<string, unknown>) {
  const response = await editor.post("/api/pages", { content: "<p>Hello</p>", isPublished: true, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { _id: string; slug: string; title: string; path: string; updatedAt: string };
}

describe(`/api/pages on ${testDatabaseKind()}`, () => {
  it("creates, reads, replaces and deletes a page, its slug made from the title", async () => {
    const title = `About Us ${unique()}`;
    const page = await createPage({ title, metaTitle: "About", metaDescription: "Who we are" });
    expect(page.slug).toBe(title.toLowerCase().replaceAll(" ", "-"));
    expect(page.path).toBe(`/${page.slug}`);
    expect(page).toMatchObject({ title, isPublished: true, metaTitle: "About", metaDescription: "Who we are" });

    const bySlug = await anonymous().get(`/api/pages/${page.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({ _id: page._id, content: "<p>Hello</p>" });
    expect((await anonymous().get(`/api/pages/${page._id}`)).body.slug).toBe(page.slug);

    const replaced = await editor.put(`/api/pages/${page._id}`, {
      title: "About the paper",
      slug: "The Paper",
      content: "<h2>Since 1901</h2>",
      isPublished: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ slug: "the-paper", title: "About the paper", metaTitle: "" });
    // The old address is gone at once (no stale cached copy).
    expect((await anonymous().get(`/api/pages/${page.slug}`)).status).toBe(404);
    expect((await anonymous().get("/api/pages/the-paper")).body.content).toBe("<h2>Since 1901</h2>");

    const removed = await editor.delete(`/api/pages/${page._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Page deleted" });
    expect((await anonymous().get("/api/pages/the-paper")).status).toBe(404);
    expect((await editor.delete(`/api/pages/${page._id}`)).status).toBe(404);
  });

  it("leaves a 301 from a published page's old address when its slug changes, and none for a draft", async () => {
    const page = await createPage({ title: `Masthead ${unique()}` });
    const moved = `masthead-moved-${unique()}`;
    expect(
      (await editor.put(`/api/pages/${page._id}`, { title: page.title, slug: moved, isPublished: true })).status,
    ).toBe(200);
    const old = await anonymous().get(`/${page.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/${moved}`);

    const draft = await createPage({ title: `Draft ${unique()}`, isPublished: false });
    const renamed = `draft-renamed-${unique()}`;
    await editor.put(`/api/pages/${draft._id}`, { title: draft.title, slug: renamed, isPublished: false });
    expect((await anonymous().get(`/${draft.slug}`)).status).not.toBe(301);

    // A new page at the old address wins over the redirect.
    await createPage({ title: "Back again", slug: page.slug });
    expect((await anonymous().get(`/${page.slug}`)).status).not.toBe(301);
  });

  it("keeps a slug typed in any script, and refuses one with no letter or digit", async () => {
    const page = await createPage({ title: "Über uns", slug: "%C3%9Cber-Uns" });
    expect(page.slug).toBe("über-uns");
    expect((await anonymous().get(`/api/pages/${encodeURIComponent("über-uns")}`)).status).toBe(200);
    const empty = await editor.post("/api/pages", { title: "Dashes", slug: "---" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("A slug needs at least one letter or digit.");
  });

  it("refuses a slug the site's own screens use, typed or made from the title", async () => {
    for (const [body, slug] of [
      [{ title: "Login" }, "login"],
      [{ title: "Anything", slug: "Admin" }, "admin"],
      [{ title: "Tags", slug: "tag" }, "tag"],
      [{ title: "Sitemap", slug: "api" }, "api"],
    ] as const) {
      const response = await editor.post("/api/pages", body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`“${slug}” is used by the site itself; choose another slug.`);
    }
    const page = await createPage({ title: `Renamed ${unique()}` });
    const renamed = await editor.put(`/api/pages/${page._id}`, { title: "Search", isPublished: true });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe("“search” is used by the site itself; choose another slug.");
  });

  it("refuses a slug another page has, on create and on update", async () => {
    const first = await createPage({ title: `Contact ${unique()}` });
    const taken = await editor.post("/api/pages", { title: "Contact again", slug: first.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("A page already uses this slug.");
    const second = await createPage({ title: `Other ${unique()}` });
    const moved = await editor.put(`/api/pages/${second._id}`, { title: "Other", slug: first.slug });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("A page already uses this slug.");
  });

  it("groups pages under a parent, but never under themselves or their own subpages", async () => {
    const top = await createPage({ title: `Company ${unique()}` });
    const middle = await createPage({ title: `Team ${unique()}`, parentId: top._id });
    const bottom = await createPage({ title: `Editors ${unique()}`, parentId: middle._id });
    const shown = await anonymous().get(`/api/pages/${bottom.slug}`);
    expect(shown.body).toMatchObject({ parentId: middle._id, parentTitle: middle.title });

    const cycle = "A page cannot sit under itself or under one of its own subpages.";
    // Itself, its child, its grandchild.
    for (const parentId of [top._id, middle._id, bottom._id]) {
      const response = await editor.put(`/api/pages/${top._id}`, { title: top.title, parentId });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(cycle);
    }
    const missing = await editor.post("/api/pages", { title: "Orphan", parentId: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("The parent page does not exist.");
    const notAnId = await editor.post("/api/pages", { title: "Orphan", parentId: "nope" });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toBe("The parent page does not exist.");

    // Deleting a parent leaves its subpages, without a parent.
    expect((await editor.delete(`/api/pages/${middle._id}`)).status).toBe(200);
    expect((await anonymous().get(`/api/pages/${bottom._id}`)).body.parentId).toBeNull();
  });

  it("hides drafts from readers and shows them to staff, who can filter by status", async () => {
    const draft = await createPage({ title: `Draft ${unique()}`, isPublished: false });
    expect(draft).toMatchObject({ isPublished: false, publishedAt: null });
    expect((await anonymous().get(`/api/pages/${draft.slug}`)).status).toBe(404);
    expect((await reader.get(`/api/pages/${draft._id}`)).status).toBe(404);
    expect((await editor.get(`/api/pages/${draft.slug}`)).status).toBe(200);

    const listed = async (agent: TestAgent, query = "") =>
      ((await agent.get(`/api/pages?limit=50${query}`)).body.items as { _id: string }[]).map((page) => page._id);
    expect(await listed(anonymous())).not.toContain(draft._id);
    expect(await listed(reader, "&status=draft")).not.toContain(draft._id);
    expect(await listed(editor)).toContain(draft._id);
    expect(await listed(editor, "&status=draft")).toContain(draft._id);
    expect(await listed(editor, "&status=published")).not.toContain(draft._id);

    // Published later: readers see it at once, though they asked for it while it was a draft.
    const published = await editor.put(`/api/pages/${draft._id}`, { title: draft.title, isPublished: true });
    expect(Date.parse(published.body.publishedAt)).not.toBeNaN();
    expect((await anonymous().get(`/api/pages/${draft.slug}`)).status).toBe(200);
    expect(await listed(anonymous())).toContain(draft._id);
  });

  it("sanitises the body as posts are", async () => {
    const page = await createPage({
      title: `Unsafe ${unique()}`,
      content:
        '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p><img src="/api/users/logout">',
    });
    const content = (await anonymous().get(`/api/pages/${page._id}`)).body.content as string;
    expect(content).toContain("Hi");
    expect(content).not.toMatch(/script|onclick|javascript:|\/api\/users\/logout/);
  });

  it("lets editors and admins write, and nobody else", async () => {
    const body = { title: `Team ${unique()}` };
    expect((await anonymous().post("/api/pages", body)).status).toBe(401);
    expect((await reader.post("/api/pages", body)).status).toBe(403);
    const page = (await admin.post("/api/pages", body)).body;
    expect(page.title).toBe(body.title);
    expect((await reader.put(`/api/pages/${page._id}`, body)).status).toBe(403);
    expect((await anonymous().delete(`/api/pages/${page._id}`)).status).toBe(401);
    expect((await reader.delete(`/api/pages/${page._id}`)).status).toBe(403);
  });

  it("answers bad input with a 4xx and a message", async () => {
    for (const [body, message] of [
      [{}, "Please add a title"],
      [{ title: "  " }, "Please add a title"],
      [{ title: "x".repeat(201) }, "Title must be at most 200 characters"],
      [{ title: "Fine", metaDescription: "d".repeat(301) }, "Meta description must be at most 300 characters"],
      [{ title: "Fine", isPublished: "yes" }, undefined],
    ] as const) {
      const response = await editor.post("/api/pages", body);
      expect(response.status).toBe(400);
      if (message) expect(response.body.message).toBe(message);
      else expect(typeof response.body.message).toBe("string");
    }
    expect((await editor.put("/api/pages/not-a-uuid", { title: "x" })).status).toBe(404);
    expect((await editor.put(`/api/pages/${randomUUID()}`, { title: "x" })).status).toBe(404);
    expect((await editor.delete("/api/pages/not-a-uuid")).status).toBe(404);
    expect((await anonymous().get("/api/pages?status=secret")).status).toBe(400);
    expect((await anonymous().get(`/api/pages/${randomUUID()}`)).status).toBe(404);
  });

  it("records writes in the audit log", async () => {
    const page = await createPage({ title: `Audited ${unique()}` });
    await editor.put(`/api/pages/${page._id}`, { title: page.title, isPublished: false });
    await editor.delete(`/api/pages/${page._id}`);
    const log = await admin.get("/api/audit?action=page&limit=50");
    const entries = (log.body.items as { action: string; target: { _id: string; name: string } }[]).filter(
      (entry) => entry.target._id === page._id,
    );
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["page.create", "page.update", "page.delete"]),
    );
    expect(entries.find((entry) => entry.action === "page.delete")?.target.name).toBe(page.title);
  });

  it("has Terms and Privacy as pages from the start, editable like any other", async () => {
    const terms = await anonymous().get("/api/pages/terms");
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({
      title: "Terms of Use",
      isPublished: true,
      updatedAt: "2026-11-22T00:00:00.000Z",
    });
    expect(terms.body.content).toContain("By using [site-name] you agree to these terms.");
    const privacy = await anonymous().get("/api/pages/privacy-policy");
    expect(privacy.body).toMatchObject({ title: "Privacy Policy", isPublished: true });

    const edited = await editor.put(`/api/pages/${terms.body._id}`, {
      title: "Terms of Use",
      slug: "terms",
      content: `${terms.body.content}<p>Disputes go to the courts of Ruritania.</p>`,
      isPublished: true,
    });
    expect(edited.status).toBe(200);
    expect((await anonymous().get("/api/pages/terms")).body.content).toContain("courts of Ruritania");
  });

  it("lists published pages in the sitemap, and drops them once unpublished", async () => {
    const page = await createPage({ title: `Advertise ${unique()}` });
    const locs = async () => (await anonymous().get("/sitemap.xml")).body as string;
    expect(await locs()).toContain(`<loc>http://localhost:3000/${page.slug}</loc>`);
    expect(await locs()).toContain("<loc>http://localhost:3000/terms</loc>");
    await editor.put(`/api/pages/${page._id}`, { title: page.title, isPublished: false });
    expect(await locs()).not.toContain(`/${page.slug}</loc>`);
  });
});
