import { EDITING_TIMEOUT_SECONDS } from "@broadsheet/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postEditors } from "../../../db/schema";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 43 item 2: a post open in the editor is autosaved into its revisions, and others see who has it. */
const context = useTestApp();
const IMAGE = `/media/${"6".repeat(64)}.webp`;
let rita: Awaited<ReturnType<typeof signUp>>;
let omar: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  rita = await signUp(context.app, { role: "editor", name: "Rita Writer" });
  omar = await signUp(context.app, { role: "editor", name: "Omar Other" });
  await insertCategory(context.database.db, "Autosave Desk");
});

async function newPost(title = "Harbour report") {
  const created = await rita.agent.post("/api/posts", {
    title,
    category: "Autosave Desk",
    content: "<p>Saved text.</p>",
    image: [IMAGE],
  });
  expect(created.status).toBe(201);
  return created.body as { _id: string; slug: string; version: number };
}

const revisionsOf = async (id: string) =>
  (await rita.agent.get(`/api/posts/${id}/revisions`)).body as { _id: string; title: string; autosave: boolean }[];

describe(`autosave on ${testDatabaseKind()}`, () => {
  it("keeps one autosave per editor, marked, without changing the post; a save drops it", async () => {
    const post = await newPost();
    const first = await rita.agent.put(`/api/posts/${post._id}/autosave`, {
      title: "Harbour report, half written",
      content: "<p>Unsaved <script>alert(1)</script>text.</p>",
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: "Harbour report, half written", author: "Rita Writer", autosave: true });
    await rita.agent.put(`/api/posts/${post._id}/autosave`, {
      title: "Harbour report, more written",
      content: "<p>More.</p>",
    });
    await omar.agent.put(`/api/posts/${post._id}/autosave`, { title: "Omar's take", content: "<p>His.</p>" });

    const listed = await revisionsOf(post._id);
    expect(
      listed
        .filter((revision) => revision.autosave)
        .map((revision) => revision.title)
        .sort(),
    ).toEqual(["Harbour report, more written", "Omar's take"]);
    // The post as readers and the editor's next load see it is unchanged.
    const stored = await rita.agent.get(`/api/posts/${post._id}`);
    expect(stored.body).toMatchObject({
      title: "Harbour report",
      content: "<p>Saved text.</p>",
      version: post.version,
    });
    // The autosave is sanitised as a save would be, and reads like any revision.
    const read = await rita.agent.get(`/api/posts/${post._id}/revisions/${first.body._id}`);
    expect(read.status).toBe(404);
    const mine = listed.find((revision) => revision.title === "Harbour report, more written");
    const kept = await rita.agent.get(`/api/posts/${post._id}/revisions/${mine?._id}`);
    expect(kept.body).toMatchObject({ content: "<p>More.</p>", category: "Autosave Desk", image: [IMAGE] });

    // Rita saves: her autosave goes, Omar's stays.
    const saved = await rita.agent.patch(`/api/posts/${post._id}`, {
      title: "Harbour report, final",
      category: "Autosave Desk",
      content: "<p>Final.</p>",
      image: [IMAGE],
    });
    expect(saved.status).toBe(200);
    const after = await revisionsOf(post._id);
    expect(after.filter((revision) => revision.autosave).map((revision) => revision.title)).toEqual(["Omar's take"]);
    expect(after[0]).toMatchObject({ title: "Harbour report, final", autosave: false });
  });

  it("restores an autosave as a new save, and a save based on the version before it is refused", async () => {
    const post = await newPost("Tide tables");
    const autosave = await rita.agent.put(`/api/posts/${post._id}/autosave`, {
      title: "Tide tables, with the spring tides",
      content: "<p>Springs.</p>",
    });
    const restored = await rita.agent.post(`/api/posts/${post._id}/revisions/${autosave.body._id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ title: "Tide tables, with the spring tides", content: "<p>Springs.</p>" });
    expect(restored.body.version).toBe(post.version + 1);
    const stale = await omar.agent.patch(`/api/posts/${post._id}`, {
      title: "Tide tables",
      category: "Autosave Desk",
      image: [IMAGE],
      version: post.version,
    });
    expect(stale.status).toBe(409);
  });

  it("refuses an autosave without a title, of an unknown post, or from a reader", async () => {
    const post = await newPost("Ferry times");
    const untitled = await rita.agent.put(`/api/posts/${post._id}/autosave`, { title: "  ", content: "<p>x</p>" });
    expect(untitled.status).toBe(400);
    expect(untitled.body).toEqual({ message: "An autosave needs a title" });
    const tooLong = await rita.agent.put(`/api/posts/${post._id}/autosave`, { title: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((await rita.agent.put("/api/posts/no-such-post/autosave", { title: "A" })).status).toBe(404);
    const reader = await signUp(context.app);
    expect((await reader.agent.put(`/api/posts/${post._id}/autosave`, { title: "A" })).status).toBe(403);
    expect((await new TestAgent(context.app).put(`/api/posts/${post._id}/autosave`, { title: "A" })).status).toBe(401);
  });
});

describe(`who is editing, on ${testDatabaseKind()}`, () => {
  it("names the editor who has the post open to the others, until they leave or time out", async () => {
    const post = await newPost("Lifeboat launch");
    const ritaOpens = await rita.agent.put(`/api/posts/${post._id}/editing`, {});
    expect(ritaOpens.status).toBe(200);
    expect(ritaOpens.body).toMatchObject({ editor: { _id: rita.user._id, name: "Rita Writer" }, mine: true });

    const omarOpens = await omar.agent.put(`/api/posts/${post._id}/editing`, {});
    expect(omarOpens.body).toMatchObject({ editor: { name: "Rita Writer" }, mine: false });

    // Rita's editor goes quiet past the timeout: Omar's next heartbeat takes the post.
    await context.database.db
      .update(postEditors)
      .set({ seenAt: sql`now() - make_interval(secs => ${EDITING_TIMEOUT_SECONDS + 5})` })
      .where(eq(postEditors.postId, post._id));
    expect((await omar.agent.put(`/api/posts/${post._id}/editing`, {})).body).toMatchObject({
      editor: { name: "Omar Other" },
      mine: true,
    });
    // Rita comes back: Omar has it now.
    expect((await rita.agent.put(`/api/posts/${post._id}/editing`, {})).body).toMatchObject({
      editor: { name: "Omar Other" },
      mine: false,
    });
    // She takes it over, as WordPress's "Take over" does.
    expect((await rita.agent.put(`/api/posts/${post._id}/editing`, { takeOver: true })).body).toMatchObject({
      editor: { name: "Rita Writer" },
      mine: true,
    });
    // Omar leaving does not free what Rita holds; Rita leaving does.
    await omar.agent.delete(`/api/posts/${post._id}/editing`);
    expect((await omar.agent.put(`/api/posts/${post._id}/editing`, {})).body.mine).toBe(false);
    expect((await rita.agent.delete(`/api/posts/${post._id}/editing`)).status).toBe(200);
    expect((await omar.agent.put(`/api/posts/${post._id}/editing`, {})).body.mine).toBe(true);
  });

  it("answers 404 for an unknown post and 400 for a takeOver that is not a boolean", async () => {
    expect((await rita.agent.put("/api/posts/00000000-0000-4000-8000-000000000000/editing", {})).status).toBe(404);
    expect((await rita.agent.delete("/api/posts/no-such-post/editing")).status).toBe(404);
    const post = await newPost("Quay works");
    expect((await rita.agent.put(`/api/posts/${post._id}/editing`, { takeOver: "yes" })).status).toBe(400);
  });
});
