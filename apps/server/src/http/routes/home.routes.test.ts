import { POST_CATEGORIES } from "@broadsheet/domain";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../../testing/fixtures";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const IMAGE = `/media/${"d".repeat(64)}.webp`;

interface Summary {
  _id: string;
  slug: string;
  title: string;
  likeCount: number;
  likedByMe?: boolean;
  inReadLater?: boolean;
}
interface Home {
  latest: Summary[];
  byCategory: Record<string, Summary[]>;
  hot: Summary[];
  trendy: Summary[];
  mostRead: Summary[];
  icymi: Summary[];
  advertsTop: unknown[];
  poll: { _id: string; totalVotes: number; myVote: number | null } | null;
}

const categoryIds = new Map<string, string>();
let editor: TestAgent;

beforeAll(async () => {
  for (const name of POST_CATEGORIES) categoryIds.set(name, (await insertCategory(context.database.db, name)).id);
  editor = (await signUp(context.app, { role: "editor" })).agent;
  const minute = 60_000;
  const start = Date.now() - 60 * minute;
  // 9 Jobs posts and 5 Technology posts, a minute apart, plus a Technology draft newer than all.
  for (let i = 0; i < 9; i++) {
    await insertPost(context.database.db, {
      categoryId: categoryIds.get("Jobs"),
      title: `Job ${i}`,
      slug: `job-${i}`,
      createdAt: new Date(start + i * minute),
    });
  }
  for (let i = 0; i < 5; i++) {
    await insertPost(context.database.db, {
      categoryId: categoryIds.get("Technology"),
      title: `Tech ${i}`,
      slug: `tech-${i}`,
      createdAt: new Date(start + (20 + i) * minute),
    });
  }
  await insertPost(context.database.db, {
    categoryId: categoryIds.get("Technology"),
    title: "Tech draft",
    slug: "tech-draft",
    isPublished: false,
    createdAt: new Date(),
  });
});

// Fixtures write behind the API's back, so nothing told the read cache.
beforeEach(() => context.app.services.publicPages.reads.invalidateAll());

const getHome = async (agent = new TestAgent(context.app)) => {
  const response = await agent.get<Home>("/api/home");
  expect(response.status).toBe(200);
  return response.body;
};
const titles = (posts: Summary[]) => posts.map((post) => post.title);

describe(`GET /api/home on ${testDatabaseKind()}`, () => {
  it("answers every block: the newest published posts, 7 Jobs, 4 per other category, drafts never", async () => {
    const home = await getHome();
    expect(titles(home.latest)).toEqual(["Tech 4", "Tech 3", "Tech 2", "Tech 1", "Tech 0", "Job 8", "Job 7"]);
    expect(titles(home.byCategory.Jobs ?? [])).toEqual(["Job 8", "Job 7", "Job 6", "Job 5", "Job 4", "Job 3", "Job 2"]);
    expect(titles(home.byCategory.Technology ?? [])).toEqual(["Tech 4", "Tech 3", "Tech 2", "Tech 1"]);
    expect(home.byCategory["World News"]).toEqual([]);
    expect(Object.keys(home.byCategory).sort()).toEqual([...POST_CATEGORIES].sort());
    expect(JSON.stringify(home)).not.toContain("Tech draft");
    for (const feed of [home.hot, home.trendy, home.mostRead, home.icymi]) expect(Array.isArray(feed)).toBe(true);
    expect(home.latest[0]).not.toHaveProperty("likedByMe");
  });

  it("marks the logged-in reader's own likes and Read Later, and only theirs", async () => {
    const liker = await signUp(context.app);
    const other = await signUp(context.app);
    await getHome(liker.agent);
    expect((await liker.agent.put("/api/posts/addLike/tech-4")).status).toBe(200);
    expect((await liker.agent.post("/api/users/addToWishlist", { postId: "job-8" })).status).toBe(200);

    const mine = await getHome(liker.agent);
    const tech4 = mine.latest.find((post) => post.slug === "tech-4");
    const job8 = mine.byCategory.Jobs?.find((post) => post.slug === "job-8");
    expect(tech4).toMatchObject({ likedByMe: true, inReadLater: false });
    expect(job8).toMatchObject({ likedByMe: false, inReadLater: true });

    const theirs = await getHome(other.agent);
    for (const post of [...theirs.latest, ...(theirs.byCategory.Jobs ?? [])]) {
      expect(post).toMatchObject({ likedByMe: false, inReadLater: false });
    }
    const anonymous = await getHome();
    expect(anonymous.latest.find((post) => post.slug === "tech-4")).not.toHaveProperty("likedByMe");
  });

  it("shows a post published or unpublished through the API at once, to readers and anonymous visitors", async () => {
    const reader = await signUp(context.app);
    const created = await editor.post("/api/posts", {
      title: "Breaking home story",
      category: "Technology",
      image: [IMAGE],
      isPublished: false,
    });
    expect(created.status).toBe(201);
    expect(titles((await getHome(reader.agent)).latest)).not.toContain("Breaking home story");

    expect((await editor.patch(`/api/posts/${created.body._id}/publish`)).status).toBe(200);
    expect(titles((await getHome(reader.agent)).latest)[0]).toBe("Breaking home story");
    expect(titles((await getHome()).byCategory.Technology ?? [])[0]).toBe("Breaking home story");

    expect((await editor.patch(`/api/posts/${created.body._id}/publish`)).status).toBe(200);
    expect(titles((await getHome(reader.agent)).latest)).not.toContain("Breaking home story");
    expect(titles((await getHome()).latest)).not.toContain("Breaking home story");
  });

  it("carries the newest poll with the reader's own vote, and counts a vote at once", async () => {
    const poll = await editor.post("/api/votes", {
      title: "Home poll",
      optionOne: "Yes",
      optionTwo: "No",
      optionThree: "Maybe",
    });
    expect(poll.status).toBe(201);
    const voter = await signUp(context.app);
    expect((await getHome(voter.agent)).poll).toMatchObject({ _id: poll.body._id, totalVotes: 0, myVote: null });
    expect((await voter.agent.put(`/api/votes/vote/${poll.body._id}`, { option: 2 })).status).toBe(200);
    expect((await getHome(voter.agent)).poll).toMatchObject({ totalVotes: 1, myVote: 2 });
    expect((await getHome()).poll).toMatchObject({ totalVotes: 1, myVote: null });
  });
});

describe(`cached post reads for logged-in readers on ${testDatabaseKind()}`, () => {
  it("shows the reader's like and the new count on the post at once, while others see their own state", async () => {
    const liker = await signUp(context.app);
    const other = await signUp(context.app);
    const before = await other.agent.get<Summary>("/api/posts/tech-3");
    expect(before.body).toMatchObject({ likedByMe: false });

    expect((await liker.agent.put("/api/posts/addLike/tech-3")).status).toBe(200);
    const mine = await liker.agent.get<Summary>("/api/posts/tech-3");
    expect(mine.body).toMatchObject({ likedByMe: true, likeCount: before.body.likeCount + 1 });
    const theirs = await other.agent.get<Summary>("/api/posts/tech-3");
    expect(theirs.body).toMatchObject({ likedByMe: false, likeCount: before.body.likeCount + 1 });
  });

  it("shows a new comment on the post at once", async () => {
    const reader = await signUp(context.app);
    await reader.agent.get("/api/posts/tech-2");
    expect((await reader.agent.post("/api/posts/tech-2/comments", { comment: "First!" })).status).toBe(201);
    const post = await reader.agent.get<{ comments: { text: string }[] }>("/api/posts/tech-2");
    expect(post.body.comments.map((comment) => comment.text)).toContain("First!");
  });

  it("marks Related and list results per reader", async () => {
    const reader = await signUp(context.app);
    expect((await reader.agent.post("/api/users/addToWishlist", { postId: "tech-1" })).status).toBe(200);
    const related = await reader.agent.get<Summary[]>("/api/posts/related/tech-0");
    expect(related.body.find((post) => post.slug === "tech-1")).toMatchObject({ inReadLater: true });
    const list = await reader.agent.get<{ items: Summary[] }>("/api/posts?category=Technology");
    expect(list.body.items.find((post) => post.slug === "tech-1")).toMatchObject({ inReadLater: true });
    const stranger = await signUp(context.app);
    const theirs = await stranger.agent.get<{ items: Summary[] }>("/api/posts?category=Technology");
    expect(theirs.body.items.find((post) => post.slug === "tech-1")).toMatchObject({ inReadLater: false });
  });

  it("still shows drafts to staff in lists", async () => {
    const list = await editor.get<{ items: Summary[] }>("/api/posts?category=Technology&limit=50");
    expect(titles(list.body.items)).toContain("Tech draft");
    const anonymous = await new TestAgent(context.app).get<{ items: Summary[] }>("/api/posts?category=Technology");
    expect(titles(anonymous.body.items)).not.toContain("Tech draft");
  });
});
