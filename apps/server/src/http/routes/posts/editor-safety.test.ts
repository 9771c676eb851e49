import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, comments, idempotencyKeys, posts } from "../../../db/schema";
import { insertCategory } from "../../../testing/fixtures";
import { signUp } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
let editor: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let reader: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  other = await signUp(context.app, { role: "editor", name: "Olive Other" });
  reader = await signUp(context.app);
  await insertCategory(context.database.db, "Harbours");
});

const draft = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  category: "Harbours",
  content: "<p>The last keepers.</p>",
  image: [`/media/${"c".repeat(64)}.webp`],
  isPublished: false,
  ...overrides,
});

async function postsTitled(title: string) {
  const [row] = await context.database.db.select({ n: count() }).from(posts).where(eq(posts.title, title));
  return row?.n ?? 0;
}

describe(`idempotent creates on ${testDatabaseKind()}`, () => {
  it("answers a repeat with the first result, same status and body, and creates once", async () => {
    const key = { "Idempotency-Key": "form-repeat-1" };
    const first = await editor.agent.post("/api/posts", draft("A life on the rocks"), key);
    const second = await editor.agent.post("/api/posts", draft("A life on the rocks"), key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await postsTitled("A life on the rocks")).toBe(1);
  });

  it("creates once when the repeat arrives while the first is still running (Enter then Publish)", async () => {
    const key = { "Idempotency-Key": "form-race-1" };
    const answers = await Promise.all([
      editor.agent.post("/api/posts", draft("Two clicks, one story"), key),
      editor.agent.post("/api/posts", draft("Two clicks, one story"), key),
      editor.agent.post("/api/posts", draft("Two clicks, one story"), key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
    expect(await postsTitled("Two clicks, one story")).toBe(1);
  });

  it("creates twice without a key, and with different keys", async () => {
    await editor.agent.post("/api/posts", draft("No key at all"));
    await editor.agent.post("/api/posts", draft("No key at all"));
    await editor.agent.post("/api/posts", draft("No key at all"), { "Idempotency-Key": "a-1" });
    await editor.agent.post("/api/posts", draft("No key at all"), { "Idempotency-Key": "a-2" });
    expect(await postsTitled("No key at all")).toBe(4);
  });

  it("refuses a key reused for a different body with 409 and a message", async () => {
    const key = { "Idempotency-Key": "form-reused" };
    expect((await editor.agent.post("/api/posts", draft("First body"), key)).status).toBe(201);
    const reused = await editor.agent.post("/api/posts", draft("Second body"), key);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe("This Idempotency-Key was already used for a different request");
    expect(await postsTitled("Second body")).toBe(0);
  });

  it("gives the key back after a refusal, so the corrected form can be sent with it", async () => {
    const key = { "Idempotency-Key": "form-corrected" };
    const refused = await editor.agent.post("/api/posts", draft(""), key);
    expect(refused.status).toBe(400);
    const sent = await editor.agent.post("/api/posts", draft("Corrected title"), key);
    expect(sent.status).toBe(201);
    expect(sent.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps each user's keys apart", async () => {
    const key = { "Idempotency-Key": "shared-key" };
    const mine = await editor.agent.post("/api/posts", draft("Mine with a shared key"), key);
    const theirs = await other.agent.post("/api/posts", draft("Theirs with a shared key"), key);
    expect(theirs.status).toBe(201);
    expect(theirs.body._id).not.toBe(mine.body._id);
  });

  it("refuses a malformed key with 400", async () => {
    const answer = await editor.agent.post("/api/posts", draft("Bad key"), { "Idempotency-Key": "x".repeat(300) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Idempotency-Key/);
  });

  it("covers a reader's comment, and records one audit event for a repeated create", async () => {
    const post = await editor.agent.post("/api/posts", draft("Comment on me", { isPublished: true }));
    const key = { "Idempotency-Key": "comment-1" };
    const first = await reader.agent.post(`/api/posts/${post.body._id}/comments`, { comment: "Well said" }, key);
    const second = await reader.agent.post(`/api/posts/${post.body._id}/comments`, { comment: "Well said" }, key);
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const stored = await context.database.db.select().from(comments).where(eq(comments.postId, post.body._id));
    expect(stored).toHaveLength(1);

    const category = { "Idempotency-Key": "category-1" };
    const created = await editor.agent.post("/api/category/createCategory", { name: "Lighthouses" }, category);
    const repeated = await editor.agent.post("/api/category/createCategory", { name: "Lighthouses" }, category);
    expect(created.status).toBe(201);
    expect(repeated.body).toEqual(created.body);
    const audited = await context.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetName, "Lighthouses"));
    expect(audited).toHaveLength(1);
  });

  it("forgets keys older than 24 hours", async () => {
    const key = { "Idempotency-Key": "old-key" };
    await editor.agent.post("/api/posts", draft("Yesterday's story"), key);
    await context.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, "old-key"));
    expect(await context.app.services.idempotency.pruneNow()).toBeGreaterThanOrEqual(1);
    await editor.agent.post("/api/posts", draft("Yesterday's story"), key);
    expect(await postsTitled("Yesterday's story")).toBe(2);
  });
});

describe(`post versions and conflicts on ${testDatabaseKind()}`, () => {
  it("carries a version and an ETag that every save bumps", async () => {
    const created = await editor.agent.post("/api/posts", draft("Versioned"));
    expect(created.body.version).toBe(1);
    expect(created.headers.get("ETag")).toMatch(/^"post-1\./);
    const saved = await editor.agent.patch(`/api/posts/${created.body._id}`, draft("Versioned", { version: 1 }));
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    const read = await editor.agent.get(`/api/posts/${created.body._id}`);
    expect(read.headers.get("ETag")).toMatch(/^"post-2\./);
  });

  it("answers 409 with the current version and what changed to a save based on an older ETag", async () => {
    const created = await editor.agent.post("/api/posts", draft("Keepers"));
    const etag = created.headers.get("ETag") ?? "";
    const id = created.body._id;
    expect(
      (await other.agent.patch(`/api/posts/${id}`, draft("Keepers of the light"), { "If-Match": etag })).status,
    ).toBe(200);
    const stale = await editor.agent.patch(`/api/posts/${id}`, draft("Keepers, my version"), { "If-Match": etag });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Someone else saved this post since you opened it");
    expect(stale.body.version).toBe(2);
    expect(stale.body.changed).toEqual(["title"]);
    expect(stale.body.current.title).toBe("Keepers of the light");
    const [row] = await context.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row?.title).toBe("Keepers of the light");
  });

  it("answers 409 to an older version in the body, and saves with the current one", async () => {
    const created = await editor.agent.post("/api/posts", draft("Body versions"));
    const id = created.body._id;
    await other.agent.patch(`/api/posts/${id}`, draft("Body versions", { content: "<p>Theirs</p>" }));
    const stale = await editor.agent.patch(`/api/posts/${id}`, draft("Body versions", { version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.changed).toEqual(["content"]);
    const merged = await editor.agent.patch(`/api/posts/${id}`, draft("Body versions", { version: 2 }));
    expect(merged.status).toBe(200);
    expect(merged.body.version).toBe(3);
  });

  it("saves without a version as before (API clients that do not send one), and refuses a broken If-Match", async () => {
    const created = await editor.agent.post("/api/posts", draft("Unversioned"));
    const id = created.body._id;
    expect((await editor.agent.patch(`/api/posts/${id}`, draft("Unversioned, again"))).status).toBe(200);
    const broken = await editor.agent.patch(`/api/posts/${id}`, draft("Unversioned"), { "If-Match": "nonsense" });
    expect(broken.status).toBe(400);
  });

  it("lets one of two simultaneous saves of the same version through and refuses the other", async () => {
    const created = await editor.agent.post("/api/posts", draft("Simultaneous"));
    const id = created.body._id;
    const answers = await Promise.all([
      editor.agent.patch(`/api/posts/${id}`, draft("Simultaneous A", { version: 1 })),
      other.agent.patch(`/api/posts/${id}`, draft("Simultaneous B", { version: 1 })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});
