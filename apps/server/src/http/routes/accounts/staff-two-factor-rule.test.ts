import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * Issue 39: when the site requires two-factor sign-in for staff, a staff account without it
 * has no staff power anywhere: not on staff calls, and not where a public call shows staff
 * more (drafts, scheduled posts, search, other readers' comments, admin settings).
 */
const context = useTestApp();
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
const anonymous = () => new TestAgent(context.app);

async function turnOnTwoFactor(agent: TestAgent): Promise<void> {
  const setup = await agent.post("/api/users/2fa/setup");
  expect(setup.status).toBe(201);
  expect((await agent.post("/api/users/2fa/enable", { code: await codeNow(setup.body.secret) })).status).toBe(200);
}

let categoryId: string;

beforeAll(async () => {
  categoryId = (await insertCategory(context.database.db, "Rule Desk")).id;
  const admin = await signUp(context.app, { role: "admin" });
  await turnOnTwoFactor(admin.agent);
  expect((await admin.agent.patch("/api/settings", { requireTwoFactor: true })).status).toBe(200);
});

describe(`staff powers without two-factor on ${testDatabaseKind()}`, () => {
  it("an editor without it reads no drafts or scheduled posts, by id, slug or search; with it, does", async () => {
    const draft = await insertPost(context.database.db, { categoryId, title: "Quietly drafted", isPublished: false });
    const scheduled = await insertPost(context.database.db, {
      categoryId,
      title: "Quietly scheduled",
      isPublished: false,
      scheduledAt: new Date(Date.now() + 86_400_000),
    });
    const editor = await signUp(context.app, { role: "editor" });

    for (const path of [`/api/posts/${draft.id}`, `/api/posts/${draft.slug}`, `/api/posts/${scheduled.id}`]) {
      const refused = await editor.agent.get(path);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: "Post not found" });
    }
    const search = await editor.agent.get("/api/posts?search=quietly");
    expect(search.status).toBe(200);
    expect(search.body.items).toEqual([]);

    await turnOnTwoFactor(editor.agent);
    expect((await editor.agent.get(`/api/posts/${draft.id}`)).body.title).toBe("Quietly drafted");
    expect((await editor.agent.get(`/api/posts/${scheduled.slug}`)).body.title).toBe("Quietly scheduled");
    const found = await editor.agent.get("/api/posts?search=quietly");
    expect(found.body.items.map((post: { title: string }) => post.title).sort()).toEqual([
      "Quietly drafted",
      "Quietly scheduled",
    ]);
  });

  it("an editor without it cannot delete another reader's comment; with it, can", async () => {
    const post = await insertPost(context.database.db, { categoryId });
    const reader = await signUp(context.app);
    const added = await reader.agent.post(`/api/posts/${post.id}/comments`, { comment: "Mine to keep" });
    expect(added.status).toBe(201);
    const commentId = added.body.items[0]._id as string;
    const editor = await signUp(context.app, { role: "editor" });

    const refused = await editor.agent.delete(`/api/posts/${post.id}/comments/${commentId}`);
    expect(refused.status).toBe(403);
    expect((await anonymous().get(`/api/posts/${post.id}/comments`)).body.items).toHaveLength(1);

    await turnOnTwoFactor(editor.agent);
    expect((await editor.agent.delete(`/api/posts/${post.id}/comments/${commentId}`)).status).toBe(200);
    expect((await anonymous().get(`/api/posts/${post.id}/comments`)).body.items).toHaveLength(0);
  });

  it("an admin without it gets the public settings only and no staff lists", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    expect((await admin.agent.get("/api/settings")).body.requireTwoFactor).toBeUndefined();
    const users = await admin.agent.get("/api/users/getUsers");
    expect(users.status).toBe(403);
    expect(users.body).toEqual({
      message: "Two-factor sign-in is required for staff: turn it on in your profile first",
    });
    await turnOnTwoFactor(admin.agent);
    expect((await admin.agent.get("/api/settings")).body.requireTwoFactor).toBe(true);
  });
});
