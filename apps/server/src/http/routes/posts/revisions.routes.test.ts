import { REVISIONS_KEPT } from "@broadsheet/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postRevisions } from "../../../db/schema";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: every save keeps a revision; staff list, read and restore them. */
const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const IMAGE = `/media/${"7".repeat(64)}.webp`;
const OTHER = `/media/${"8".repeat(64)}.webp`;
let editor: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor", name: "Rita Reviser" });
  admin = await signUp(context.app, { role: "admin", name: "Ada Admin" });
  await insertCategory(context.database.db, "Revision Desk");
  await insertCategory(context.database.db, "Other Desk");
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: "First draft",
  category: "Revision Desk",
  content: "<p>The council met on Monday.</p>",
  image: [IMAGE],
  ...overrides,
});

describe(`revisions on ${testDatabaseKind()}`, () => {
  it("keeps one per save, newest first, with who saved it; readers cannot see them", async () => {
    const { body: post } = await editor.agent.post("/api/posts", body());
    await admin.agent.patch(`/api/posts/${post._id}`, body({ title: "Second draft" }));
    const list = await editor.agent.get(`/api/posts/${post._id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.map((revision: { title: string; author: string }) => [revision.title, revision.author])).toEqual([
      ["Second draft", "Ada Admin"],
      ["First draft", "Rita Reviser"],
    ]);
    expect(Object.keys(list.body[0]).sort()).toEqual(["_id", "author", "autosave", "createdAt", "title"]);

    const reader = await signUp(context.app);
    expect((await anonymous().get(`/api/posts/${post._id}/revisions`)).status).toBe(401);
    expect((await reader.agent.get(`/api/posts/${post._id}/revisions`)).status).toBe(403);
    expect((await reader.agent.post(`/api/posts/${post._id}/revisions/${list.body[1]._id}/restore`)).status).toBe(403);
  });

  it("reads one revision whole, and restores it as a new revision", async () => {
    const { body: post } = await editor.agent.post(
      "/api/posts",
      body({ title: "Council meets", link: "https://source.example/a", image: [IMAGE], imageAlt: ["The hall"] }),
    );
    await editor.agent.patch(
      `/api/posts/${post._id}`,
      body({
        title: "Council meets again",
        category: "Other Desk",
        content: "<p>The council met on Tuesday.</p>",
        image: [OTHER],
      }),
    );
    const [latest, original] = (await editor.agent.get(`/api/posts/${post._id}/revisions`)).body;
    const read = await editor.agent.get(`/api/posts/${post._id}/revisions/${original._id}`);
    expect(read.body).toMatchObject({
      title: "Council meets",
      content: "<p>The council met on Monday.</p>",
      link: "https://source.example/a",
      image: [IMAGE],
      imageAlt: ["The hall"],
      category: "Revision Desk",
      author: "Rita Reviser",
    });

    const restored = await admin.agent.post(`/api/posts/${post._id}/revisions/${original._id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: "Council meets",
      category: "Revision Desk",
      content: "<p>The council met on Monday.</p>",
      image: [IMAGE],
      slug: post.slug,
    });
    const after = (await editor.agent.get(`/api/posts/${post._id}/revisions`)).body;
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ title: "Council meets", author: "Ada Admin" });
    expect(after[1]._id).toBe(latest._id);
    // Readers see the restored version at once.
    expect((await anonymous().get(`/api/posts/${post.slug}`)).body.title).toBe("Council meets");
  });

  it("answers 404 for an unknown post or revision, or another post's revision", async () => {
    const { body: one } = await editor.agent.post("/api/posts", body({ title: "One" }));
    const { body: two } = await editor.agent.post("/api/posts", body({ title: "Two" }));
    const [twoRevision] = (await editor.agent.get(`/api/posts/${two._id}/revisions`)).body;
    expect((await editor.agent.get(`/api/posts/${one._id}/revisions/${twoRevision._id}`)).status).toBe(404);
    expect((await editor.agent.get(`/api/posts/${one._id}/revisions/not-a-uuid`)).body).toEqual({
      message: "Revision not found",
    });
    expect((await editor.agent.get("/api/posts/no-such-post/revisions")).status).toBe(404);
    expect(
      (await editor.agent.post(`/api/posts/${one._id}/revisions/00000000-0000-4000-8000-000000000000/restore`)).status,
    ).toBe(404);
  });

  it("keeps a post written before revisions as it was, on its first edit", async () => {
    const seeded = await insertPost(context.database.db, { title: "Seeded story" });
    await editor.agent.patch(`/api/posts/${seeded.id}`, body({ title: "Seeded story, edited" }));
    const titles = (await editor.agent.get(`/api/posts/${seeded.id}/revisions`)).body.map(
      (revision: { title: string }) => revision.title,
    );
    expect(titles).toEqual(["Seeded story, edited", "Seeded story"]);
  });

  it(`keeps only the newest ${REVISIONS_KEPT}`, async () => {
    const { body: post } = await editor.agent.post("/api/posts", body({ title: "Edit 0" }));
    for (let edit = 1; edit <= REVISIONS_KEPT + 2; edit++) {
      await editor.agent.patch(`/api/posts/${post._id}`, body({ title: `Edit ${edit}` }));
    }
    const rows = await context.database.db.select().from(postRevisions).where(eq(postRevisions.postId, post._id));
    expect(rows).toHaveLength(REVISIONS_KEPT);
    const list = (await editor.agent.get(`/api/posts/${post._id}/revisions`)).body;
    expect(list[0].title).toBe(`Edit ${REVISIONS_KEPT + 2}`);
    expect(list.at(-1).title).toBe("Edit 3");
  });
});
