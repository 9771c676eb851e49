import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: secret preview links of drafts and scheduled posts. */
const context = useTestApp({ pages: true });
const anonymous = () => new TestAgent(context.app);
const IMAGE = `/media/${"9".repeat(64)}.webp`;
let editor: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor" });
  await insertCategory(context.database.db, "Preview Desk");
});

const draft = async (title: string) =>
  (
    await editor.agent.post("/api/posts", {
      title,
      category: "Preview Desk",
      image: [IMAGE],
      content: "<p>Embargoed until Monday.</p>",
      isPublished: false,
    })
  ).body;
const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1) as string;

describe(`preview links on ${testDatabaseKind()}`, () => {
  it("are made by staff only, and show the draft to anyone holding one, never cached or indexed", async () => {
    const post = await draft("Embargoed story");
    const reader = await signUp(context.app);
    expect((await anonymous().post(`/api/posts/${post._id}/preview-link`)).status).toBe(401);
    expect((await reader.agent.post(`/api/posts/${post._id}/preview-link`)).status).toBe(403);
    const made = await editor.agent.post(`/api/posts/${post._id}/preview-link`);
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^http:\/\/localhost:3000\/preview\/[A-Za-z0-9_-]{40,}$/);

    const token = tokenOf(made.body.url);
    const shown = await anonymous().get(`/api/previews/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ _id: post._id, title: "Embargoed story", isPublished: false });
    expect(shown.headers.get("cache-control")).toBe("private, no-store");

    const page = await context.app.request(`/preview/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain("Embargoed until Monday.");
    expect(html).toContain("this post is not published yet");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect((await context.app.request(`/preview/${token}`)).headers.get("x-cache")).not.toBe("HIT");
    // The post itself stays hidden from readers.
    expect((await anonymous().get(`/api/posts/${post.slug}`)).status).toBe(404);
  });

  it("stop working when revoked, replaced, or the post is published", async () => {
    const post = await draft("Short-lived preview");
    const first = tokenOf((await editor.agent.post(`/api/posts/${post._id}/preview-link`)).body.url);
    const second = tokenOf((await editor.agent.post(`/api/posts/${post._id}/preview-link`)).body.url);
    expect((await anonymous().get(`/api/previews/${first}`)).status).toBe(404);
    expect((await anonymous().get(`/api/previews/${second}`)).status).toBe(200);

    const revoked = await editor.agent.delete(`/api/posts/${post._id}/preview-link`);
    expect(revoked.body).toEqual({ message: "Preview link revoked" });
    const gone = await anonymous().get(`/api/previews/${second}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "This preview link does not work: it was revoked, or the post is published" });
    expect((await context.app.request(`/preview/${second}`)).status).toBe(404);

    const third = tokenOf((await editor.agent.post(`/api/posts/${post._id}/preview-link`)).body.url);
    await editor.agent.patch(`/api/posts/${post._id}/publish`);
    expect((await anonymous().get(`/api/previews/${third}`)).status).toBe(404);
    // Unpublished again, the old link stays dead.
    await editor.agent.patch(`/api/posts/${post._id}/publish`);
    expect((await anonymous().get(`/api/previews/${third}`)).status).toBe(404);
  });

  it("are refused for a published post (409) and an unknown one (404)", async () => {
    const published = (
      await editor.agent.post("/api/posts", { title: "Already out", category: "Preview Desk", image: [IMAGE] })
    ).body;
    const refused = await editor.agent.post(`/api/posts/${published._id}/preview-link`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "The post is published: share its own address instead of a preview link" });
    expect((await editor.agent.post("/api/posts/no-such-post/preview-link")).status).toBe(404);
    expect((await anonymous().get(`/api/previews/${"x".repeat(43)}`)).status).toBe(404);
  });
});
