import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* docs/product/post-lists.md: the staff's status filter and bulk actions on GET/POST /api/posts. */

const context = useTestApp();
const db = () => context.database.db;
type Account = Awaited<ReturnType<typeof signUp>>;
let editor: Account;
let categoryId: string;
let otherCategory: { id: string; name: string; slug: string };

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor" });
  categoryId = (await insertCategory(db())).id;
  otherCategory = await insertCategory(db());
});

const titles = (body: { items: { title: string }[] }) => body.items.map((post) => post.title);

describe(`post lists for staff on ${testDatabaseKind()}`, () => {
  it("filters by status for staff; readers get published posts whatever they ask", async () => {
    const tag = `s${Date.now()}`;
    await insertPost(db(), { categoryId, title: `${tag} live`, isPublished: true });
    await insertPost(db(), { categoryId, title: `${tag} draft`, isPublished: false });
    await insertPost(db(), {
      categoryId,
      title: `${tag} later`,
      isPublished: false,
      scheduledAt: new Date(Date.now() + 86_400_000),
    });
    const list = async (agent: TestAgent, status: string) =>
      titles((await agent.get(`/api/posts?search=${tag}&status=${status}&limit=50`)).body).sort();
    expect(await list(editor.agent, "published")).toEqual([`${tag} live`]);
    expect(await list(editor.agent, "draft")).toEqual([`${tag} draft`]);
    expect(await list(editor.agent, "scheduled")).toEqual([`${tag} later`]);
    expect(await list(editor.agent, "")).toHaveLength(3);
    expect(await list(new TestAgent(context.app), "draft")).toEqual([`${tag} live`]);
    expect((await editor.agent.get("/api/posts?status=archived")).status).toBe(400);
  });

  it("publishes, unpublishes, moves and deletes several posts at once, counting what changed", async () => {
    const a = await insertPost(db(), { categoryId, isPublished: false });
    const b = await insertPost(db(), { categoryId, isPublished: true });
    const published = await editor.agent.post("/api/posts/bulk", { ids: [a.id, b.id], action: "publish" });
    expect(published.status).toBe(200);
    expect(published.body).toEqual({ message: "1 post published", changed: 1 });
    expect((await editor.agent.get(`/api/posts/${a.id}`)).body.isPublished).toBe(true);

    const moved = await editor.agent.post("/api/posts/bulk", {
      ids: [a.id, b.id],
      action: "setCategory",
      category: otherCategory.name,
    });
    expect(moved.body.changed).toBe(2);
    expect((await editor.agent.get(`/api/posts/${b.id}`)).body.categorySlug).toBe(otherCategory.slug);

    expect((await editor.agent.post("/api/posts/bulk", { ids: [a.id, b.id], action: "unpublish" })).body.changed).toBe(
      2,
    );
    expect((await new TestAgent(context.app).get(`/api/posts/${a.id}`)).status).toBe(404);

    const deleted = await editor.agent.post("/api/posts/bulk", { ids: [a.id, b.id, "nope"], action: "delete" });
    expect(deleted.body).toEqual({ message: "2 posts deleted", changed: 2 });
    expect((await editor.agent.get(`/api/posts/${a.id}`)).status).toBe(404);
  });

  it("refuses bad bulk requests with 400 and readers with 403", async () => {
    const post = await insertPost(db(), { categoryId });
    expect((await editor.agent.post("/api/posts/bulk", { ids: [], action: "publish" })).status).toBe(400);
    expect((await editor.agent.post("/api/posts/bulk", { ids: [post.id], action: "burn" })).status).toBe(400);
    const noCategory = await editor.agent.post("/api/posts/bulk", { ids: [post.id], action: "setCategory" });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.message).toBe("Choose the category to set");
    const unknown = await editor.agent.post("/api/posts/bulk", {
      ids: [post.id],
      action: "setCategory",
      category: "Nowhere",
    });
    expect(unknown.status).toBe(404);
    const reader = await signUp(context.app);
    expect((await reader.agent.post("/api/posts/bulk", { ids: [post.id], action: "delete" })).status).toBe(403);
  });
});
