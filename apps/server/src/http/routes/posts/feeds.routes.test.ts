import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postDailyStats, posts } from "../../../db/schema";
import { insertCategory, insertPost, insertType } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const db = () => context.database.db;
const anonymous = () => new TestAgent(context.app);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
/** A UTC day `daysAgo` before today, as post_daily_stats stores it. */
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

type Account = Awaited<ReturnType<typeof signUp>>;
let reader: Account;
let editor: Account;
let world: { id: string };
let travel: { id: string };
let politics: { id: string };
let elections: { id: string };

beforeAll(async () => {
  reader = await signUp(context.app, { name: "Rita Reader" });
  editor = await signUp(context.app, { role: "editor" });
  world = await insertCategory(db(), "World News");
  travel = await insertCategory(db(), "Travel");
  politics = await insertType(db(), world.id, "Politics");
  elections = await insertType(db(), world.id, "Elections");
});

/** Feeds are shared by every reader and may lag engagement by the read cache's few seconds. */
const readCache = () => context.app.services.publicPages.reads;

// Every feed reads the whole table: each test starts from no posts (stats go with them).
// Fixtures write behind the API's back, so they clear the read cache themselves.
beforeEach(async () => {
  await db().delete(posts);
  readCache().invalidateAll();
});

async function post(title: string, values: Partial<typeof posts.$inferInsert> = {}) {
  const inserted = await insertPost(db(), {
    title,
    slug: title.toLowerCase().replace(/\W+/g, "-"),
    categoryId: world.id,
    ...values,
  });
  readCache().invalidateAll();
  return inserted;
}

async function stats(
  postId: string,
  daysAgo: number,
  counts: { views?: number; likes?: number; comments?: number; shares?: number },
) {
  await db()
    .insert(postDailyStats)
    .values({ postId, day: day(daysAgo), ...counts });
  readCache().invalidateAll();
}

async function titles(path: string, agent: TestAgent = anonymous()): Promise<string[]> {
  const response = await agent.get(path);
  expect(response.status).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body.map((item: { title: string }) => item.title);
}

describe(`GET /api/posts/most-read on ${testDatabaseKind()}`, () => {
  it("lists the 5 most viewed published posts, most views first, never drafts or unread posts", async () => {
    for (const [index, views] of [10, 70, 30, 50, 20, 60, 40].entries()) await post(`Read ${index}`, { views });
    await post("Unread", { views: 0 });
    await post("Draft", { views: 1000, isPublished: false });
    expect(await titles("/api/posts/most-read")).toEqual(["Read 1", "Read 5", "Read 3", "Read 6", "Read 2"]);
    expect(await titles("/api/posts/most-read", editor.agent)).not.toContain("Draft");
  });

  it("lists fewer when fewer have views, and nothing when nobody read anything", async () => {
    expect(await titles("/api/posts/most-read")).toEqual([]);
    await post("Once", { views: 1 });
    await post("Never", { views: 0 });
    expect(await titles("/api/posts/most-read")).toEqual(["Once"]);
  });

  it("answers post summaries, with the reader's own flags only when logged in", async () => {
    const liked = await post("Liked", { views: 5 });
    expect((await reader.agent.put(`/api/posts/addLike/${liked.id}`)).status).toBe(200);
    const [summary] = (await anonymous().get("/api/posts/most-read")).body;
    expect(summary).toEqual({
      _id: liked.id,
      slug: "liked",
      title: "Liked",
      link: "",
      author: "Anonymous",
      authorSlug: "",
      coauthors: [],
      createdAt: liked.createdAt.toISOString(),
      category: "World News",
      categorySlug: "world-news",
      type: "",
      image: ["/media/example.webp"],
      imageAlt: [""],
      views: 5,
      likeCount: 1,
      commentCount: 0,
      minuteRead: 1,
      isPublished: true,
      scheduledAt: null,
      excerpt: "",
    });
    const [mine] = (await reader.agent.get("/api/posts/most-read")).body;
    expect(mine).toMatchObject({ _id: liked.id, likedByMe: true, inReadLater: false });
    const [theirs] = (await editor.agent.get("/api/posts/most-read")).body;
    expect(theirs).toMatchObject({ likedByMe: false, inReadLater: false });
  });
});

describe(`GET /api/posts/trendy on ${testDatabaseKind()}`, () => {
  it("ranks by views of the last 7 days (today and the 6 before), only above 0", async () => {
    const oldFavourite = await post("Old favourite", { views: 1000 });
    await stats(oldFavourite.id, 7, { views: 999 }); // a day too old
    await stats(oldFavourite.id, 0, { views: 1 });
    const edge = await post("Edge of week", { views: 5 });
    await stats(edge.id, 6, { views: 5 });
    const steady = await post("Steady", { views: 6 });
    await stats(steady.id, 0, { views: 3 });
    await stats(steady.id, 1, { views: 3 });
    const outside = await post("Only last week", { views: 50 });
    await stats(outside.id, 8, { views: 50 });
    const likedOnly = await post("Liked not viewed", { views: 9 });
    await stats(likedOnly.id, 0, { likes: 9, views: 0 });
    const draft = await post("Draft", { views: 500, isPublished: false });
    await stats(draft.id, 0, { views: 500 });
    await post("No stats", { views: 70 });
    expect(await titles("/api/posts/trendy")).toEqual(["Steady", "Edge of week", "Old favourite"]);
    expect(await titles("/api/posts/trendy", editor.agent)).not.toContain("Draft");
  });

  it("lists at most 5", async () => {
    for (let index = 1; index <= 7; index++) {
      const item = await post(`Trend ${index}`, { views: index });
      await stats(item.id, 2, { views: index });
    }
    expect(await titles("/api/posts/trendy")).toEqual(["Trend 7", "Trend 6", "Trend 5", "Trend 4", "Trend 3"]);
  });
});

describe(`GET /api/posts/hot on ${testDatabaseKind()}`, () => {
  it("ranks by likes + comments + shares of today and yesterday, for read posts with a score above 0", async () => {
    const a = await post("Today buzz", { views: 10 });
    await stats(a.id, 0, { likes: 2, comments: 1, views: 10 });
    const b = await post("Yesterday shares", { views: 3 });
    await stats(b.id, 1, { shares: 4 });
    const c = await post("Two days ago", { views: 100 });
    await stats(c.id, 2, { likes: 100 });
    await stats(c.id, 0, { views: 5 });
    const unread = await post("Unread but liked", { views: 0 });
    await stats(unread.id, 0, { likes: 50 });
    const viewsOnly = await post("Only views", { views: 80 });
    await stats(viewsOnly.id, 0, { views: 80 });
    const draft = await post("Draft", { views: 10, isPublished: false });
    await stats(draft.id, 0, { likes: 99 });
    expect(await titles("/api/posts/hot")).toEqual(["Yesterday shares", "Today buzz"]);
    expect(await titles("/api/posts/hot", editor.agent)).not.toContain("Draft");
  });

  it("adds up both days and lists at most 5", async () => {
    for (let index = 1; index <= 7; index++) {
      const item = await post(`Hot ${index}`, { views: 1 });
      await stats(item.id, 0, { comments: index });
      await stats(item.id, 1, { likes: index === 1 ? 100 : 0 });
    }
    expect(await titles("/api/posts/hot")).toEqual(["Hot 1", "Hot 7", "Hot 6", "Hot 5", "Hot 4"]);
  });

  it("picks up a like given through the API", async () => {
    const item = await post("Just liked", { views: 2 });
    expect(await titles("/api/posts/hot")).toEqual([]);
    await reader.agent.put(`/api/posts/addLike/${item.id}`);
    readCache().invalidateAll();
    expect(await titles("/api/posts/hot")).toEqual(["Just liked"]);
  });
});

describe(`GET /api/posts/related/:id on ${testDatabaseKind()}`, () => {
  it("lists the same type first, then the same category, newest first, never itself or drafts", async () => {
    const source = await post("Source", { typeId: politics.id, publishedAt: ago(5 * DAY) });
    await post("Same type old", { typeId: politics.id, publishedAt: ago(20 * DAY) });
    await post("Same type new", { typeId: politics.id, publishedAt: ago(1 * DAY) });
    await post("Other type newest", { typeId: elections.id, publishedAt: ago(HOUR) });
    await post("No type", { publishedAt: ago(2 * DAY) });
    await post("Other category", { categoryId: travel.id, publishedAt: ago(HOUR) });
    await post("Draft same type", { typeId: politics.id, isPublished: false, publishedAt: null });
    const expected = ["Same type new", "Same type old", "Other type newest", "No type"];
    expect(await titles(`/api/posts/related/${source.id}`)).toEqual(expected);
    expect(await titles(`/api/posts/related/${source.slug}`, reader.agent)).toEqual(expected);
    expect(await titles(`/api/posts/related/${source.id}`, editor.agent)).toEqual(expected);
  });

  it("lists at most 5 and is empty when nothing is related", async () => {
    const source = await post("Lonely", { categoryId: travel.id });
    await post("Elsewhere");
    expect(await titles(`/api/posts/related/${source.id}`)).toEqual([]);
    for (let index = 1; index <= 7; index++)
      await post(`Trip ${index}`, { categoryId: travel.id, publishedAt: ago(index * HOUR) });
    expect(await titles(`/api/posts/related/${source.id}`)).toEqual(["Trip 1", "Trip 2", "Trip 3", "Trip 4", "Trip 5"]);
  });

  it("answers 404 for an unknown post and, to readers, for a draft; staff get a draft's list", async () => {
    const draft = await post("Draft source", { isPublished: false, typeId: politics.id });
    await post("Published sibling", { typeId: politics.id });
    for (const path of [
      `/api/posts/related/${MISSING_ID}`,
      "/api/posts/related/no-such-slug",
      `/api/posts/related/${draft.id}`,
    ]) {
      const response = await reader.agent.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Post not found" });
    }
    expect((await anonymous().get(`/api/posts/related/${draft.slug}`)).status).toBe(404);
    expect(await titles(`/api/posts/related/${draft.id}`, editor.agent)).toEqual(["Published sibling"]);
  });
});

describe(`GET /api/posts/up-next/:id on ${testDatabaseKind()}`, () => {
  it("lists later posts of its category oldest first, then the newest others, never itself or drafts", async () => {
    const t0 = Date.now() - 3 * DAY;
    const at = (offset: number) => new Date(t0 + offset);
    const source = await post("Source", { publishedAt: at(0) });
    await post("Next in category 2", { publishedAt: at(2 * HOUR) });
    await post("Next in category 1", { publishedAt: at(HOUR) });
    await post("Earlier in category", { publishedAt: at(-HOUR) });
    await post("Newest elsewhere", { categoryId: travel.id, publishedAt: ago(HOUR) });
    await post("Old elsewhere", { categoryId: travel.id, publishedAt: at(-5 * DAY) });
    await post("Oldest elsewhere", { categoryId: travel.id, publishedAt: at(-10 * DAY) });
    await post("Draft next", { isPublished: false, publishedAt: null, createdAt: at(30 * 60_000) });
    const expected = [
      "Next in category 1",
      "Next in category 2",
      "Newest elsewhere",
      "Earlier in category",
      "Old elsewhere",
    ];
    expect(await titles(`/api/posts/up-next/${source.id}`)).toEqual(expected);
    expect(await titles(`/api/posts/up-next/${source.slug}`, editor.agent)).toEqual(expected);
  });

  it("falls back to created_at when published_at is missing", async () => {
    const source = await post("Source", { publishedAt: null, createdAt: ago(4 * DAY) });
    await post("Created later", { publishedAt: null, createdAt: ago(3 * DAY) });
    await post("Published much later", { publishedAt: ago(DAY), createdAt: ago(10 * DAY) });
    await post("Created earlier", { publishedAt: null, createdAt: ago(5 * DAY) });
    expect(await titles(`/api/posts/up-next/${source.id}`)).toEqual([
      "Created later",
      "Published much later",
      "Created earlier",
    ]);
  });

  it("is empty when there is no other post, and 404 for unknown posts and, to readers, drafts", async () => {
    const only = await post("Only one");
    expect(await titles(`/api/posts/up-next/${only.id}`)).toEqual([]);
    const draft = await post("Draft", { isPublished: false });
    for (const path of [
      `/api/posts/up-next/${MISSING_ID}`,
      "/api/posts/up-next/nope",
      `/api/posts/up-next/${draft.id}`,
    ]) {
      const response = await reader.agent.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Post not found" });
    }
    expect(await titles(`/api/posts/up-next/${draft.id}`, editor.agent)).toEqual(["Only one"]);
  });
});

describe(`GET /api/posts/icymi on ${testDatabaseKind()}`, () => {
  it("lists the most viewed posts that went out 2 to 30 days ago", async () => {
    await post("Three days", { views: 10, publishedAt: ago(3 * DAY) });
    await post("Ten days", { views: 50, publishedAt: ago(10 * DAY) });
    await post("Yesterday", { views: 1000, publishedAt: ago(DAY) });
    await post("Last month", { views: 500, publishedAt: ago(31 * DAY) });
    await post("Created five days ago", { views: 20, publishedAt: null, createdAt: ago(5 * DAY) });
    await post("Draft", { views: 999, isPublished: false, publishedAt: null, createdAt: ago(5 * DAY) });
    await post("Written long ago, out recently", { views: 5, publishedAt: ago(29 * DAY), createdAt: ago(40 * DAY) });
    await post("Nobody read", { views: 0, publishedAt: ago(4 * DAY) });
    expect(await titles("/api/posts/icymi")).toEqual([
      "Ten days",
      "Created five days ago",
      "Three days",
      "Written long ago, out recently",
      "Nobody read",
    ]);
    expect(await titles("/api/posts/icymi", editor.agent)).not.toContain("Draft");
  });

  it("lists at most 5", async () => {
    for (let index = 1; index <= 7; index++) await post(`Missed ${index}`, { views: index, publishedAt: ago(5 * DAY) });
    expect(await titles("/api/posts/icymi")).toEqual(["Missed 7", "Missed 6", "Missed 5", "Missed 4", "Missed 3"]);
  });
});
