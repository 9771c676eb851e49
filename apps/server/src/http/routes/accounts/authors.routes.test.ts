import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const IMAGE = "https://images.example.com/lead.jpg";

let editor: TestAgent;
let editorUser: { _id: string; name: string };
let category: { name: string; slug: string };

const unique = () => randomUUID().slice(0, 8);

async function publishPost(agent: TestAgent, title: string, categoryName = category.name) {
  const created = await agent.post("/api/posts", { title, category: categoryName, image: [IMAGE], isPublished: true });
  expect(created.status).toBe(201);
  return created.body as { _id: string; slug: string; authorSlug: string; categorySlug: string };
}

const profileOf = (user: { name: string }, extra: Record<string, unknown> = {}) => ({
  name: user.name,
  phone: "555 0100",
  address: { address: "1 Fleet Street", state: "London", country: "UK" },
  ...extra,
});

beforeAll(async () => {
  const signedUp = await signUp(context.app, { role: "editor", name: `Ida Writer ${unique()}` });
  editor = signedUp.agent;
  editorUser = signedUp.user;
  const name = `Desk ${unique()}`;
  const created = await editor.post("/api/category/createCategory", { name });
  expect(created.status).toBe(201);
  category = created.body.category;
});

describe(`author slugs on ${testDatabaseKind()}`, () => {
  it("gives every account a slug from its name, numbered when the name is taken", async () => {
    const name = `Same Name ${unique()}`;
    const first = await signUp(context.app, { name });
    const second = await signUp(context.app, { name });
    const [one, two] = await Promise.all([
      first.agent.get("/api/users/getUser"),
      second.agent.get("/api/users/getUser"),
    ]);
    const base = name.toLowerCase().replace(/ /g, "-");
    expect(one.body.slug).toBe(base);
    expect(two.body.slug).toBe(`${base}-2`);
  });

  it("keeps slugs unique when many accounts of one name register at once", async () => {
    const name = `Crowd ${unique()}`;
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp(context.app, { name })));
    const slugs = await Promise.all(
      accounts.map(async (account) => (await account.agent.get("/api/users/getUser")).body.slug as string),
    );
    expect(new Set(slugs).size).toBe(6);
  });
});

describe(`GET /api/authors/{slug} on ${testDatabaseKind()}`, () => {
  it("answers 404 for an unknown slug and for an account without a published post", async () => {
    expect((await anonymous().get(`/api/authors/nobody-${unique()}`)).status).toBe(404);
    const reader = await signUp(context.app, { name: `Quiet Reader ${unique()}` });
    const slug = (await reader.agent.get("/api/users/getUser")).body.slug;
    const response = await anonymous().get(`/api/authors/${slug}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Author not found" });
  });

  it("gives staff a page before their first post, and takes it away with the role", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const newcomer = await signUp(context.app, { name: `New Editor ${unique()}` });
    const slug = (await newcomer.agent.get("/api/users/getUser")).body.slug;
    expect((await anonymous().get(`/api/authors/${slug}`)).status).toBe(404);
    const promote = (role: string) => admin.agent.patch("/api/users/updateRole", { id: newcomer.user._id, role });
    expect((await promote("editor")).status).toBe(200);
    const page = await anonymous().get(`/api/authors/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name: newcomer.user.name, slug, postCount: 0 });
    expect((await promote("user")).status).toBe(200);
    expect((await anonymous().get(`/api/authors/${slug}`)).status).toBe(404);
  });

  it("shows the public face of an author who has published, never their e-mail, phone or address", async () => {
    const post = await publishPost(editor, `Byline story ${unique()}`);
    expect(post.authorSlug).toMatch(/^ida-writer-/);
    expect(post.categorySlug).toBe(category.slug);
    const response = await anonymous().get(`/api/authors/${post.authorSlug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: editorUser._id,
      name: editorUser.name,
      slug: post.authorSlug,
      photo: "",
      bio: "",
      postCount: expect.any(Number),
      postCountIsEstimate: false,
    });
    expect(response.body.postCount).toBeGreaterThanOrEqual(1);
    // Ids and name suffixes are random hex, so look for the exact private values, not fragments of them.
    const shown = JSON.stringify(response.body);
    for (const secret of ["@", "555 0100", "Fleet Street"]) expect(shown).not.toContain(secret);
  });

  it("lists only the author's posts with GET /api/posts?author=", async () => {
    const other = await signUp(context.app, { role: "editor", name: `Other Writer ${unique()}` });
    const mine = await publishPost(editor, `Mine ${unique()}`);
    const theirs = await publishPost(other.agent, `Theirs ${unique()}`);
    const response = await anonymous().get(`/api/posts?author=${mine.authorSlug}&limit=50`);
    expect(response.status).toBe(200);
    const slugs = (response.body.items as { slug: string; authorSlug: string }[]).map((item) => item.slug);
    expect(slugs).toContain(mine.slug);
    expect(slugs).not.toContain(theirs.slug);
    for (const item of response.body.items) expect(item.authorSlug).toBe(mine.authorSlug);
  });
});

describe(`the author bio on ${testDatabaseKind()}`, () => {
  it("lets staff set a bio in the profile, shown at once on the (cached) author page", async () => {
    const post = await publishPost(editor, `Bio story ${unique()}`);
    expect((await anonymous().get(`/api/authors/${post.authorSlug}`)).body.bio).toBe("");
    const bio = "Covers the courts and city hall.";
    const saved = await editor.patch("/api/users/updateUser", profileOf(editorUser, { bio }));
    expect(saved.status).toBe(200);
    expect(saved.body.bio).toBe(bio);
    expect((await anonymous().get(`/api/authors/${post.authorSlug}`)).body.bio).toBe(bio);
    // A profile saved without the field keeps the bio.
    expect((await editor.patch("/api/users/updateUser", profileOf(editorUser))).body.bio).toBe(bio);
  });

  it("refuses a bio from a reader with 403 and over 500 characters with 400", async () => {
    const reader = await signUp(context.app, { name: "Bio Reader" });
    const refused = await reader.agent.patch("/api/users/updateUser", profileOf(reader.user, { bio: "Hello" }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "Only editors and admins have an author page bio" });
    const tooLong = await editor.patch("/api/users/updateUser", profileOf(editorUser, { bio: "x".repeat(501) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: "Bio must be at most 500 characters" });
  });
});

describe(`category feeds and the sitemap on ${testDatabaseKind()}`, () => {
  it("answers one RSS feed per category with only its posts, and 404 for an unknown category", async () => {
    const otherName = `Elsewhere ${unique()}`;
    expect((await editor.post("/api/category/createCategory", { name: otherName })).status).toBe(201);
    const inside = await publishPost(editor, `Inside story ${unique()}`);
    const outside = await publishPost(editor, `Outside story ${unique()}`, otherName);
    const response = await anonymous().get(`/category/${category.slug}/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.body).toContain(`<title>${category.name} | Broadsheet</title>`);
    expect(response.body).toContain(`/page/${inside.slug}</link>`);
    expect(response.body).not.toContain(outside.slug);
    expect(response.body).toContain(`/category/${category.slug}/rss.xml" rel="self"`);
    expect((await anonymous().get(`/category/no-such-${unique()}/rss.xml`)).status).toBe(404);
  });

  it("answers one RSS feed per type within its category, and 404 for a type of another category", async () => {
    const typeName = `Feed kind ${unique()}`;
    const type = await editor.post("/api/type/createType", { name: typeName, category: category.name });
    expect(type.status).toBe(201);
    const typed = await editor.post("/api/posts", {
      title: `Typed story ${unique()}`,
      category: category.name,
      type: typeName,
      image: [IMAGE],
      isPublished: true,
    });
    expect(typed.status).toBe(201);
    const untyped = await publishPost(editor, `Untyped story ${unique()}`);
    const path = `/category/${category.slug}/${type.body.type.slug}`;
    const response = await anonymous().get(`${path}/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.body).toContain(`<title>${typeName} in ${category.name} | Broadsheet</title>`);
    expect(response.body).toContain(`/page/${typed.body.slug}</link>`);
    expect(response.body).not.toContain(untyped.slug);
    expect(response.body).toContain(`${path}/rss.xml" rel="self"`);
    const other = await editor.post("/api/category/createCategory", { name: `Other ${unique()}` });
    expect(other.status).toBe(201);
    expect((await anonymous().get(`/category/${other.body.category.slug}/${type.body.type.slug}/rss.xml`)).status).toBe(
      404,
    );
    expect((await anonymous().get(`/category/${category.slug}/no-such-${unique()}/rss.xml`)).status).toBe(404);
  });

  it("lists category, type and author pages in the sitemap, and no reader", async () => {
    const typeName = `Kind ${unique()}`;
    const type = await editor.post("/api/type/createType", { name: typeName, category: category.name });
    expect(type.status).toBe(201);
    const post = await publishPost(editor, `Sitemap story ${unique()}`);
    const reader = await signUp(context.app, { name: `Hidden Reader ${unique()}` });
    const readerSlug = (await reader.agent.get("/api/users/getUser")).body.slug;
    const sitemap = (await anonymous().get("/sitemap.xml")).body as string;
    expect(sitemap).toContain(`/category/${category.slug}</loc>`);
    expect(sitemap).toContain(`/category/${category.slug}/${type.body.type.slug}</loc>`);
    expect(sitemap).toContain(`/author/${post.authorSlug}</loc>`);
    expect(sitemap).not.toContain(`/author/${readerSlug}<`);
  });
});
