import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postDailyStats, posts, shares } from "../../../db/schema";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const db = () => context.database.db;
const anonymous = () => new TestAgent(context.app);
const today = () => new Date().toISOString().slice(0, 10);

let categoryId: string;

beforeAll(async () => {
  categoryId = (await insertCategory(db())).id;
});

const newPost = (values: Partial<typeof posts.$inferInsert> = {}) => insertPost(db(), { categoryId, ...values });

async function shareState(postId: string) {
  const [post] = await db().select({ shareCount: posts.shareCount }).from(posts).where(eq(posts.id, postId));
  const rows = await db().select({ platform: shares.platform }).from(shares).where(eq(shares.postId, postId));
  const [stats] = await db()
    .select({ shares: postDailyStats.shares })
    .from(postDailyStats)
    .where(and(eq(postDailyStats.postId, postId), eq(postDailyStats.day, today())));
  return {
    shareCount: post?.shareCount,
    platforms: rows.map((row) => row.platform).sort(),
    dailyShares: stats?.shares ?? 0,
  };
}

describe(`POST /api/shares on ${testDatabaseKind()}`, () => {
  it("records an anonymous share by slug with 201 and counts it on the post and today", async () => {
    const post = await newPost();
    const response = await anonymous().post("/api/shares", { postId: post.slug, platform: "facebook" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: "Share recorded" });
    expect(await shareState(post.id)).toEqual({ shareCount: 1, platforms: ["facebook"], dailyShares: 1 });
  });

  it("accepts the post id too, every platform, and counts each share", async () => {
    const post = await newPost();
    for (const platform of ["facebook", "x", "whatsapp", "linkedin", "copy"]) {
      const response = await anonymous().post("/api/shares", { postId: post.id, platform });
      expect(response.status).toBe(201);
    }
    expect(await shareState(post.id)).toEqual({
      shareCount: 5,
      platforms: ["copy", "facebook", "linkedin", "whatsapp", "x"],
      dailyShares: 5,
    });
    const detail = await anonymous().get(`/api/posts/${post.id}`);
    expect(detail.body.shareCount).toBe(5);
  });

  it("counts concurrent shares exactly", async () => {
    const post = await newPost();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => anonymous().post("/api/shares", { postId: post.slug, platform: "x" })),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(await shareState(post.id)).toMatchObject({ shareCount: 20, dailyShares: 20 });
  });

  it.each([
    [{ platform: "x" }, "Please say which post was shared"],
    [{ postId: "", platform: "x" }, "Please say which post was shared"],
    [{ postId: "   ", platform: "x" }, "Please say which post was shared"],
    [{ postId: 12, platform: "x" }, "Please say which post was shared"],
    [{}, "Please say which post was shared"],
    [{ postId: "some-post" }, "Platform must be one of facebook, x, whatsapp, linkedin, copy"],
    [{ postId: "some-post", platform: "myspace" }, "Platform must be one of facebook, x, whatsapp, linkedin, copy"],
    [{ postId: "some-post", platform: "Facebook" }, "Platform must be one of facebook, x, whatsapp, linkedin, copy"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const response = await anonymous().post("/api/shares", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await anonymous().post("/api/shares", "{nope");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("answers 404 for an unknown post and for a draft, even from staff, and counts nothing", async () => {
    const draft = await newPost({ isPublished: false });
    const editor = await signUp(context.app, { role: "editor" });
    for (const [agent, postId] of [
      [anonymous(), "no-such-post"],
      [anonymous(), "00000000-0000-4000-8000-000000000000"],
      [anonymous(), draft.slug],
      [editor.agent, draft.id],
    ] as const) {
      const response = await agent.post("/api/shares", { postId, platform: "copy" });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Post not found" });
    }
    expect(await shareState(draft.id)).toEqual({ shareCount: 0, platforms: [], dailyShares: 0 });
  });

  it("makes a read post Hot", async () => {
    const post = await newPost({ views: 3 });
    const before = (await anonymous().get("/api/posts/hot")).body.map((item: { _id: string }) => item._id);
    expect(before).not.toContain(post.id);
    await anonymous().post("/api/shares", { postId: post.slug, platform: "whatsapp" });
    // Hot is shared by every reader and may lag a share by the read cache's few seconds.
    context.app.services.publicPages.reads.invalidateAll();
    const after = (await anonymous().get("/api/posts/hot")).body.map((item: { _id: string }) => item._id);
    expect(after).toContain(post.id);
  });

  it("limits shares per client address with 429", async () => {
    const post = await newPost();
    const ip = { "x-forwarded-for": "10.88.0.1" };
    for (let index = 0; index < 60; index++) {
      expect((await anonymous().post("/api/shares", {}, ip)).status).toBe(400);
    }
    const limited = await anonymous().post("/api/shares", { postId: post.slug, platform: "x" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    expect((await shareState(post.id)).shareCount).toBe(0);
  });
});
