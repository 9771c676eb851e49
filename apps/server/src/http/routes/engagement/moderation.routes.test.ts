import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, posts } from "../../../db/schema";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* docs/product/moderation.md: held comments, the queue, reports and blocked readers. */

const context = useTestApp();
const db = () => context.database.db;
const anonymous = () => new TestAgent(context.app);

type Account = Awaited<ReturnType<typeof signUp>>;
let admin: Account;
let editor: Account;
let categoryId: string;

beforeAll(async () => {
  admin = await signUp(context.app, { role: "admin", name: "Ada Admin" });
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  categoryId = (await insertCategory(db())).id;
});

const settings = (patch: Record<string, unknown>) => admin.agent.patch("/api/settings", patch);
beforeEach(async () => {
  expect((await settings({ commentModeration: "off", commentHeldWords: [], commentMaxLinks: 0 })).status).toBe(200);
});

const newPost = () => insertPost(db(), { categoryId, isPublished: true });
const commentCount = async (postId: string) =>
  (await db().select({ count: posts.commentCount }).from(posts).where(eq(posts.id, postId)))[0]?.count;
const comment = (account: Account, postId: string, text: string) =>
  account.agent.post(`/api/posts/${postId}/comments`, { comment: text });
const texts = (body: { items: { text: string }[] }) => body.items.map((item) => item.text);

describe(`comment moderation on ${testDatabaseKind()}`, () => {
  it("holds a first-time commenter's comment: shown to them and staff, to nobody else, not counted, until approved", async () => {
    expect((await settings({ commentModeration: "first" })).status).toBe(200);
    const reader = await signUp(context.app, { name: "First Timer" });
    const post = await newPost();

    const posted = await comment(reader, post.id, "My very first comment");
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe("Thanks! Your comment is waiting for review");
    expect(posted.body.items[0]).toMatchObject({ text: "My very first comment", pending: true });
    expect(await commentCount(post.id)).toBe(0);

    expect(texts((await anonymous().get(`/api/posts/${post.id}/comments`)).body)).toEqual([]);
    const other = await signUp(context.app);
    expect(texts((await other.agent.get(`/api/posts/${post.id}/comments`)).body)).toEqual([]);
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.comments).toEqual([]);
    expect(texts((await reader.agent.get(`/api/posts/${post.id}/comments`)).body)).toEqual(["My very first comment"]);
    expect(texts((await editor.agent.get(`/api/posts/${post.id}/comments`)).body)).toEqual(["My very first comment"]);

    const queue = await editor.agent.get("/api/comments?status=pending");
    expect(queue.status).toBe(200);
    const held = queue.body.items.find((item: { text: string }) => item.text === "My very first comment");
    expect(held).toMatchObject({ status: "pending", postedBy: { name: "First Timer", blocked: false }, reports: 0 });
    expect(held.post).toMatchObject({ _id: post.id, title: post.title });

    const approved = await editor.agent.patch(`/api/comments/${held._id}`, { status: "approved" });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect(await commentCount(post.id)).toBe(1);
    expect(texts((await anonymous().get(`/api/posts/${post.id}/comments`)).body)).toEqual(["My very first comment"]);
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.comments[0].text).toBe("My very first comment");
    expect((await anonymous().get(`/api/posts/${post.id}/comments`)).body.items[0].pending).toBeUndefined();

    // No longer a first-timer: the next comment goes straight through.
    expect((await comment(reader, post.id, "And a second one")).body.message).toBeUndefined();
    expect(await commentCount(post.id)).toBe(2);

    const [audited] = await db().select().from(auditEvents).where(eq(auditEvents.action, "comment.approve"));
    expect(audited).toMatchObject({ actorName: "Eddie Editor", targetId: held._id });
    expect(audited?.targetName).toContain(post.title);
  });

  it("holds every comment with 'all', and ones with held words or too many links with 'off'; staff are never held", async () => {
    const post = await newPost();
    const reader = await signUp(context.app);
    expect((await settings({ commentHeldWords: ["Casino"], commentMaxLinks: 1 })).status).toBe(200);
    expect((await comment(reader, post.id, "Cheap CASINO chips")).body.items[0].pending).toBe(true);
    expect((await comment(reader, post.id, "See https://a.example and www.b.example")).body.items[0].pending).toBe(
      true,
    );
    expect((await comment(reader, post.id, "One link: https://a.example")).body.items[0].pending).toBeUndefined();
    expect((await settings({ commentModeration: "all", commentHeldWords: [], commentMaxLinks: 0 })).status).toBe(200);
    expect((await comment(reader, post.id, "Held as all are")).body.items[0].pending).toBe(true);
    expect((await comment(editor, post.id, "Staff speak freely")).body.items[0].pending).toBeUndefined();
    expect(await commentCount(post.id)).toBe(2);

    // The held words are not for readers' eyes.
    const shown = (await anonymous().get("/api/settings")).body;
    expect(shown.commentModeration).toBe("all");
    expect(shown).not.toHaveProperty("commentHeldWords");
    expect((await admin.agent.get("/api/settings")).body).toMatchObject({ commentHeldWords: [], commentMaxLinks: 0 });
  });

  it("refuses bad settings with 400", async () => {
    expect((await settings({ commentModeration: "sometimes" })).status).toBe(400);
    expect((await settings({ commentMaxLinks: -1 })).body.message).toBe(
      "Maximum links must be a whole number from 0 (no limit) to 50",
    );
    expect((await settings({ commentHeldWords: ["x".repeat(41)] })).status).toBe(400);
  });

  it("filters the queue by status and reports, marks spam, edits and deletes, keeping the count right", async () => {
    const post = await newPost();
    const reader = await signUp(context.app, { name: "Spammy Sam" });
    const id = (await comment(reader, post.id, "Buy now")).body.items[0]._id;
    expect(await commentCount(post.id)).toBe(1);

    expect((await editor.agent.patch(`/api/comments/${id}`, { status: "spam" })).body.status).toBe("spam");
    expect(await commentCount(post.id)).toBe(0);
    expect(
      (await editor.agent.get("/api/comments?status=spam")).body.items.map((c: { _id: string }) => c._id),
    ).toContain(id);
    expect(
      (await editor.agent.get("/api/comments?status=approved")).body.items.map((c: { _id: string }) => c._id),
    ).not.toContain(id);
    // Spam stays with its author, marked as waiting: nothing tells a spammer.
    expect((await reader.agent.get(`/api/posts/${post.id}/comments`)).body.items[0]).toMatchObject({ pending: true });

    const edited = await editor.agent.patch(`/api/comments/${id}`, { text: "  Edited by the desk  " });
    expect(edited.body).toMatchObject({ text: "Edited by the desk", status: "spam" });
    expect((await editor.agent.patch(`/api/comments/${id}`, {})).status).toBe(400);
    expect((await editor.agent.patch(`/api/comments/${id}`, { status: "burned" })).status).toBe(400);
    expect((await editor.agent.get("/api/comments?status=everything")).status).toBe(400);

    expect((await editor.agent.delete(`/api/comments/${id}`)).status).toBe(200);
    expect((await editor.agent.delete(`/api/comments/${id}`)).status).toBe(404);
    expect((await editor.agent.patch(`/api/comments/${id}`, { status: "approved" })).status).toBe(404);
    expect((await editor.agent.patch("/api/comments/not-a-uuid", { status: "approved" })).status).toBe(404);
    expect(await commentCount(post.id)).toBe(0);
  });

  it("is for staff only", async () => {
    const reader = await signUp(context.app);
    expect((await anonymous().get("/api/comments")).status).toBe(401);
    expect((await reader.agent.get("/api/comments?status=pending")).status).toBe(403);
    expect((await reader.agent.post("/api/comments/bulk", { ids: [], action: "approve" })).status).toBe(403);
  });

  it("hides a comment reported by three readers until staff approve it; each reader reports once", async () => {
    const post = await newPost();
    const author = await signUp(context.app);
    const id = (await comment(author, post.id, "A sharp opinion")).body.items[0]._id;
    expect((await author.agent.post(`/api/comments/${id}/reports`)).status).toBe(400);
    const readers = [await signUp(context.app), await signUp(context.app), await signUp(context.app)];
    for (const [index, reader] of readers.entries()) {
      const reported = await reader.agent.post(`/api/comments/${id}/reports`);
      expect(reported.status).toBe(200);
      expect(reported.body.message).toBe("Thanks for the report: our editors will look at this comment");
      if (index === 0) {
        expect((await reader.agent.post(`/api/comments/${id}/reports`)).status).toBe(409);
        expect((await editor.agent.get("/api/comments?status=reported")).body.items[0]).toMatchObject({
          _id: id,
          reports: 1,
        });
      }
    }
    expect(texts((await anonymous().get(`/api/posts/${post.id}/comments`)).body)).toEqual([]);
    expect(await commentCount(post.id)).toBe(0);
    expect((await editor.agent.get("/api/comments?status=pending")).body.items[0]).toMatchObject({
      _id: id,
      reports: 3,
    });
    expect((await anonymous().post(`/api/comments/${id}/reports`)).status).toBe(401);

    await editor.agent.patch(`/api/comments/${id}`, { status: "approved" });
    expect(texts((await anonymous().get(`/api/posts/${post.id}/comments`)).body)).toEqual(["A sharp opinion"]);
    expect((await editor.agent.get("/api/comments/counts")).body.reported).toBe(0);
  });

  it("applies bulk actions and counts what changed", async () => {
    expect((await settings({ commentModeration: "all" })).status).toBe(200);
    const post = await newPost();
    const reader = await signUp(context.app);
    const ids: string[] = [];
    for (const text of ["one", "two", "three"]) ids.push((await comment(reader, post.id, text)).body.items[0]._id);
    const approved = await editor.agent.post("/api/comments/bulk", {
      ids: [ids[0], ids[1], "nope"],
      action: "approve",
    });
    expect(approved.body).toEqual({ message: "2 comments approved", changed: 2 });
    expect(await commentCount(post.id)).toBe(2);
    const deleted = await editor.agent.post("/api/comments/bulk", { ids, action: "delete" });
    expect(deleted.body.changed).toBe(3);
    expect(await commentCount(post.id)).toBe(0);
    expect((await editor.agent.post("/api/comments/bulk", { ids: [], action: "delete" })).status).toBe(400);
    expect((await editor.agent.post("/api/comments/bulk", { ids, action: "burn" })).status).toBe(400);
  });

  it("refuses a blocked reader's comments and reviews; staff cannot be blocked", async () => {
    const post = await newPost();
    const reader = await signUp(context.app, { name: "Troll Toby" });
    const blocked = await editor.agent.put(`/api/users/${reader.user._id}/comment-block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ blocked: true });
    const refused = await comment(reader, post.id, "Let me in");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You can no longer comment or review on this site");
    const review = await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 1, review: "Bad" });
    expect(review.status).toBe(403);
    expect(await commentCount(post.id)).toBe(0);

    expect((await editor.agent.put(`/api/users/${admin.user._id}/comment-block`)).status).toBe(400);
    expect((await editor.agent.put("/api/users/00000000-0000-4000-8000-000000000000/comment-block")).status).toBe(404);
    expect((await editor.agent.delete(`/api/users/${reader.user._id}/comment-block`)).body.blocked).toBe(false);
    expect((await comment(reader, post.id, "Better now")).status).toBe(201);
  });
});
