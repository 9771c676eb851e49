import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../../db/schema";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: scheduled publishing through the post itself, and the job that makes it go live. */
const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const IMAGE = `/media/${"f".repeat(64)}.webp`;
let editor: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor" });
  await insertCategory(context.database.db, "Schedule Desk");
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const schedule = (title: string, scheduledAt: unknown) =>
  editor.agent.post("/api/posts", { title, category: "Schedule Desk", image: [IMAGE], scheduledAt });

/** Moves a scheduled post's time into the past, as if its minute had come. */
async function makeDue(postId: string, secondsAgo = 1) {
  await context.database.db
    .update(posts)
    .set({ scheduledAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(posts.id, postId));
}

describe(`scheduling posts on ${testDatabaseKind()}`, () => {
  it("keeps a scheduled post a draft, invisible to readers, until its time", async () => {
    const at = inMinutes(90);
    const created = await schedule("Tomorrow's story", at);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isPublished: false, scheduledAt: at, publishedAt: null });
    expect((await anonymous().get(`/api/posts/${created.body.slug}`)).status).toBe(404);
    expect((await anonymous().get("/api/posts?category=Schedule%20Desk")).body.total).toBe(0);
    const staffList = await editor.agent.get("/api/posts?category=Schedule%20Desk");
    expect(staffList.body.items[0]).toMatchObject({ title: "Tomorrow's story", scheduledAt: at });
    // Not due: the sweep leaves it alone.
    expect(await context.app.services.posts.publishDuePosts()).toEqual([]);
  });

  it.each([
    ["a time in the past", new Date(Date.now() - 60_000).toISOString(), "The scheduled time must be in the future"],
    [
      "a date without a time",
      "2030-01-01",
      "The scheduled time must be a date and time in ISO 8601, like 2026-12-01T09:00:00Z",
    ],
    ["a number", 1_900_000_000, "The scheduled time must be a date and time in ISO 8601, like 2026-12-01T09:00:00Z"],
  ])("refuses %s with 400", async (_, scheduledAt, message) => {
    const response = await schedule("Refused schedule", scheduledAt);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("unschedules with null (back to a draft), reschedules with a time, and publishing by hand clears it", async () => {
    const { body: created } = await schedule("Moved around", inMinutes(30));
    const base = { title: "Moved around", category: "Schedule Desk", image: [IMAGE] };
    const unscheduled = await editor.agent.patch(`/api/posts/${created._id}`, { ...base, scheduledAt: null });
    expect(unscheduled.body).toMatchObject({ isPublished: false, scheduledAt: null });
    const later = inMinutes(120);
    const rescheduled = await editor.agent.patch(`/api/posts/${created._id}`, { ...base, scheduledAt: later });
    expect(rescheduled.body).toMatchObject({ isPublished: false, scheduledAt: later });
    const published = await editor.agent.patch(`/api/posts/${created._id}/publish`);
    expect(published.body.isPublished).toBe(true);
    expect((await editor.agent.get(`/api/posts/${created._id}`)).body.scheduledAt).toBeNull();
  });

  it("publishes a due post once, dated at its scheduled time, even when sweeps race", async () => {
    const { body: created } = await schedule("Due now", inMinutes(5));
    await makeDue(created._id, 30);
    const [first, second] = await Promise.all([
      context.app.services.posts.publishDuePosts(),
      context.app.services.posts.publishDuePosts(),
    ]);
    const publications = [...first, ...second].filter((post) => post._id === created._id);
    expect(publications).toHaveLength(1);
    expect(await context.app.services.posts.publishDuePosts()).toEqual([]);

    const live = await anonymous().get(`/api/posts/${created.slug}`);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ isPublished: true, scheduledAt: null });
    expect(Date.now() - Date.parse(live.body.publishedAt)).toBeGreaterThanOrEqual(29_000);
    expect(live.body.createdAt).toBe(live.body.publishedAt);
  });

  it("goes live on its own through the job queue, within seconds of its time", async () => {
    const services = context.app.services;
    await services.jobs.start(services.jobHandlers);
    try {
      const at = new Date(Date.now() + 2_000).toISOString();
      const { body: created } = await schedule("On its own", at);
      expect((await anonymous().get(`/api/posts/${created.slug}`)).status).toBe(404);
      let status = 404;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await anonymous().get(`/api/posts/${created.slug}`)).status;
      }
      expect(status).toBe(200);
    } finally {
      await services.jobs.stop();
    }
  });
});
