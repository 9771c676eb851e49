import { describe, expect, it } from "vitest";
import { comments, postDailyStats, shares } from "../../../db/schema";
import { utcDay } from "../../../engagement";
import { insertPost, insertUser } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();

describe(`GET /api/admin/stats on ${testDatabaseKind()}`, () => {
  it("is for staff only", async () => {
    const reader = await signUp(context.app);
    expect((await new TestAgent(context.app).get("/api/admin/stats")).status).toBe(401);
    expect((await reader.agent.get("/api/admin/stats")).status).toBe(403);
    const editor = await signUp(context.app, { role: "editor" });
    expect((await editor.agent.get("/api/admin/stats")).status).toBe(200);
  });

  it("answers counts, 30 days of views without gaps, top posts of the week, shares by platform and latest comments", async () => {
    const db = context.database.db;
    const admin = await signUp(context.app, { role: "admin" });
    const commenter = await insertUser(db, { name: "Casey Commenter" });
    const popular = await insertPost(db, { title: "Popular this week" });
    const older = await insertPost(db, { title: "Popular last month" });
    await insertPost(db, { title: "A draft", isPublished: false });
    await db.insert(postDailyStats).values([
      { postId: popular.id, day: utcDay(0), views: 30 },
      { postId: popular.id, day: utcDay(-2), views: 12 },
      { postId: older.id, day: utcDay(-20), views: 500 },
    ]);
    await db.insert(shares).values([
      { postId: popular.id, platform: "x" },
      { postId: popular.id, platform: "x" },
      { postId: popular.id, platform: "whatsapp" },
    ]);
    await db.insert(comments).values({ postId: popular.id, userId: commenter.id, text: "Great read" });

    const { status, body } = await admin.agent.get("/api/admin/stats");
    expect(status).toBe(200);
    expect(body.posts).toEqual({ total: 3, published: 2, drafts: 1, totalIsEstimate: false });
    expect(body.users).toBeGreaterThanOrEqual(2);
    expect(body.viewsPerDay).toHaveLength(30);
    expect(body.viewsPerDay.at(-1)).toEqual({ day: utcDay(0), views: 30 });
    expect(body.viewsPerDay.find((row: { day: string }) => row.day === utcDay(-20)).views).toBe(500);
    expect(body.viewsPerDay.reduce((sum: number, row: { views: number }) => sum + row.views, 0)).toBe(542);
    expect(body.topPostsThisWeek).toEqual([
      { _id: popular.id, slug: popular.slug, title: "Popular this week", views: 42 },
    ]);
    expect(body.sharesByPlatform).toEqual([
      { platform: "x", shares: 2 },
      { platform: "whatsapp", shares: 1 },
    ]);
    expect(body.latestComments[0]).toMatchObject({
      text: "Great read",
      postedBy: "Casey Commenter",
      post: { _id: popular.id, title: "Popular this week" },
    });
  });
});

describe(`GET /api/admin/runtime on ${testDatabaseKind()}`, () => {
  it("is for admins only, and says where this process's memory goes", async () => {
    expect((await new TestAgent(context.app).get("/api/admin/runtime")).status).toBe(401);
    const editor = await signUp(context.app, { role: "editor" });
    expect((await editor.agent.get("/api/admin/runtime")).status).toBe(403);
    const admin = await signUp(context.app, { role: "admin" });
    await admin.agent.get("/api/posts?limit=3");
    const { status, body, headers } = await admin.agent.get("/api/admin/runtime");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.pid).toBe(process.pid);
    expect(body.memory.rss).toBeGreaterThan(body.memory.heapUsed);
    expect(body.database.kind).toBe(testDatabaseKind());
    if (testDatabaseKind() === "pglite") expect(body.database.wasmBytes).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    else expect(body.database.wasmBytes).toBeNull();
    // The list just read is in the read cache, with its estimated size.
    expect(body.caches.reads.entries).toBeGreaterThan(0);
    expect(body.caches.reads.bytes).toBeGreaterThan(0);
    expect(Object.keys(body.caches).sort()).toEqual(["pages", "readerPages", "reads", "summaries", "viewers"]);
    // Without REDIS_URL, PostgreSQL counts rate limits in its own table; PGlite (one process) in memory.
    expect(body.rateLimits).toEqual({
      store: testDatabaseKind() === "postgres" ? "database" : "memory",
      fallingBack: false,
      fallbacks: 0,
    });
  });
});
