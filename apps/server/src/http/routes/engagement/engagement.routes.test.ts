import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, postDailyStats, postLikes, posts, users } from "../../../db/schema";
import { insertCategory, insertPost, insertUser } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const db = () => context.database.db;
const anonymous = () => new TestAgent(context.app);
const today = () => new Date().toISOString().slice(0, 10);
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

type Account = Awaited<ReturnType<typeof signUp>>;
let reader: Account;
let otherReader: Account;
let editor: Account;
let categoryId: string;

beforeAll(async () => {
  reader = await signUp(context.app, { name: "Rita Reader" });
  otherReader = await signUp(context.app, { name: "Otto Other" });
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  categoryId = (await insertCategory(db())).id;
});

const newPost = (values: Partial<typeof posts.$inferInsert> = {}) => insertPost(db(), { categoryId, ...values });

async function counters(postId: string) {
  const [row] = await db()
    .select({ likeCount: posts.likeCount, commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [stats] = await db()
    .select()
    .from(postDailyStats)
    .where(and(eq(postDailyStats.postId, postId), eq(postDailyStats.day, today())));
  const [likeRows] = await db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  const [commentRows] = await db().select({ n: count() }).from(comments).where(eq(comments.postId, postId));
  return {
    likeCount: row?.likeCount,
    commentCount: row?.commentCount,
    likeRows: likeRows?.n,
    commentRows: commentRows?.n,
    dailyLikes: stats?.likes ?? 0,
    dailyComments: stats?.comments ?? 0,
  };
}

/** A logged-in agent for a user inserted directly (no password hashing): for the many-users case. */
async function quickReader(name: string): Promise<TestAgent> {
  const user = await insertUser(db(), { name });
  const session = await context.app.services.sessions.createSession(user.id);
  const agent = new TestAgent(context.app);
  agent.cookie = `broadsheet_session=${session.token}`;
  return agent;
}

describe(`comments on ${testDatabaseKind()}`, () => {
  it("refuses an anonymous comment with 401 and stores nothing", async () => {
    const post = await newPost();
    const response = await anonymous().post(`/api/posts/${post.id}/comments`, { comment: "Hello" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Please log in to continue" });
    expect((await counters(post.id)).commentRows).toBe(0);
  });

  it.each([
    [{}, "Please enter a comment"],
    [{ comment: "" }, "Please enter a comment"],
    [{ comment: "   \n\t " }, "Please enter a comment"],
    [{ comment: 42 }, "Please enter a comment"],
    [{ comment: null }, "Please enter a comment"],
    [[], "Please enter a comment"],
    [{ comment: "x".repeat(5001) }, "A comment can be at most 5000 characters"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const post = await newPost();
    const response = await reader.agent.post(`/api/posts/${post.id}/comments`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await counters(post.id)).toMatchObject({ commentRows: 0, commentCount: 0, dailyComments: 0 });
  });

  it("answers malformed JSON with 400", async () => {
    const post = await newPost();
    const response = await reader.agent.post(`/api/posts/${post.id}/comments`, '{"comment": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("stores plain text as typed, answers 201 with the first page and counts it on the post and today", async () => {
    const post = await newPost();
    const text = `<script>alert("x")</script> & <b>bold</b> 'quoted' ${"é".repeat(3)}`;
    const response = await reader.agent.post(`/api/posts/${post.slug}/comments`, { comment: `  ${text}  ` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      items: [
        {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          text,
          created: expect.any(String),
          postedBy: { _id: reader.user._id, name: "Rita Reader" },
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    });
    expect(Number.isNaN(Date.parse(response.body.items[0].created))).toBe(false);
    expect(await counters(post.id)).toMatchObject({ commentRows: 1, commentCount: 1, dailyComments: 1 });

    await otherReader.agent.post(`/api/posts/${post.id}/comments`, { comment: "Second" });
    expect(await counters(post.id)).toMatchObject({ commentRows: 2, commentCount: 2, dailyComments: 2 });
    const detail = await anonymous().get(`/api/posts/${post.id}`);
    expect(detail.body.commentCount).toBe(2);
    expect(detail.body.comments.map((comment: { text: string }) => comment.text)).toEqual(["Second", text]);
  });

  it("accepts exactly 5000 characters", async () => {
    const post = await newPost();
    const response = await reader.agent.post(`/api/posts/${post.id}/comments`, { comment: "y".repeat(5000) });
    expect(response.status).toBe(201);
    expect(response.body.items[0].text).toHaveLength(5000);
  });

  it("answers 404 for an unknown post", async () => {
    const bySlug = await reader.agent.post("/api/posts/no-such-post/comments", { comment: "Hi" });
    expect(bySlug.status).toBe(404);
    expect(bySlug.body).toEqual({ message: "Post not found" });
    expect((await reader.agent.post(`/api/posts/${MISSING_ID}/comments`, { comment: "Hi" })).status).toBe(404);
    expect((await anonymous().get(`/api/posts/${MISSING_ID}/comments`)).status).toBe(404);
  });

  it("lists comments publicly, newest first, 20 a page by default and at most 50", async () => {
    const post = await newPost();
    const author = await insertUser(db(), { name: "Lister" });
    const start = Date.now() - 100_000;
    await db()
      .insert(comments)
      .values(
        Array.from({ length: 55 }, (_, index) => ({
          postId: post.id,
          userId: author.id,
          text: `comment ${index}`,
          createdAt: new Date(start + index * 1000),
        })),
      );
    const first = await anonymous().get(`/api/posts/${post.id}/comments`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 55, page: 1, limit: 20 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toEqual({
      _id: expect.any(String),
      text: "comment 54",
      created: new Date(start + 54_000).toISOString(),
      postedBy: { _id: author.id, name: "Lister" },
    });
    expect(first.body.items[19].text).toBe("comment 35");

    const third = await anonymous().get(`/api/posts/${post.slug}/comments?page=3`);
    expect(third.body.items.map((comment: { text: string }) => comment.text)).toEqual(
      Array.from({ length: 15 }, (_, index) => `comment ${14 - index}`),
    );
    const small = await anonymous().get(`/api/posts/${post.id}/comments?page=2&limit=3`);
    expect(small.body.items.map((comment: { text: string }) => comment.text)).toEqual([
      "comment 51",
      "comment 50",
      "comment 49",
    ]);
    const largest = await anonymous().get(`/api/posts/${post.id}/comments?limit=50`);
    expect(largest.body.limit).toBe(50);
    expect(largest.body.items).toHaveLength(50);
    const tooMany = await anonymous().get(`/api/posts/${post.id}/comments?limit=500`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: "limit must be a whole number from 1 to 50" });
  });

  it("shows the author of a comment whose account is gone as Anonymous", async () => {
    const post = await newPost();
    const gone = await insertUser(db(), { name: "Gone Soon" });
    await db().insert(comments).values({ postId: post.id, userId: gone.id, text: "orphan" });
    await db().delete(users).where(eq(users.id, gone.id));
    const response = await anonymous().get(`/api/posts/${post.id}/comments`);
    expect(response.body.items).toEqual([
      {
        _id: expect.any(String),
        text: "orphan",
        created: expect.any(String),
        postedBy: { _id: null, name: "Anonymous" },
      },
    ]);
  });

  it("rate-limits comments per client address with 429", async () => {
    const post = await newPost();
    const ip = { "x-forwarded-for": "10.77.0.1" };
    for (let index = 0; index < 60; index++) {
      expect((await reader.agent.post(`/api/posts/${post.id}/comments`, {}, ip)).status).toBe(400);
    }
    const limited = await reader.agent.post(`/api/posts/${post.id}/comments`, { comment: "one more" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many requests/);
    expect((await counters(post.id)).commentRows).toBe(0);
    // Another address is not affected.
    const elsewhere = { "x-forwarded-for": "10.77.0.2" };
    expect((await reader.agent.post(`/api/posts/${post.id}/comments`, { comment: "ok" }, elsewhere)).status).toBe(201);
  });
});

describe(`deleting comments on ${testDatabaseKind()}`, () => {
  async function postWithComment(author: Account) {
    const post = await newPost();
    const response = await author.agent.post(`/api/posts/${post.id}/comments`, { comment: "to delete" });
    expect(response.status).toBe(201);
    return { post, commentId: response.body.items[0]._id as string };
  }

  it("refuses an anonymous visitor with 401", async () => {
    const { post, commentId } = await postWithComment(reader);
    const response = await anonymous().delete(`/api/posts/${post.id}/comments/${commentId}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Please log in to continue" });
    expect((await counters(post.id)).commentRows).toBe(1);
  });

  it("refuses another plain user with 403 and keeps the comment", async () => {
    const { post, commentId } = await postWithComment(reader);
    const response = await otherReader.agent.delete(`/api/posts/${post.id}/comments/${commentId}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "You can only delete your own comments" });
    expect(await counters(post.id)).toMatchObject({ commentRows: 1, commentCount: 1 });
  });

  it("lets the author delete it once, decrementing the count; a second delete is 404", async () => {
    const { post, commentId } = await postWithComment(reader);
    await otherReader.agent.post(`/api/posts/${post.id}/comments`, { comment: "stays" });
    const response = await reader.agent.delete(`/api/posts/${post.slug}/comments/${commentId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Comment deleted successfully" });
    expect(await counters(post.id)).toMatchObject({ commentRows: 1, commentCount: 1 });
    const again = await reader.agent.delete(`/api/posts/${post.id}/comments/${commentId}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Comment not found" });
    expect(await counters(post.id)).toMatchObject({ commentRows: 1, commentCount: 1 });
    const listed = await anonymous().get(`/api/posts/${post.id}/comments`);
    expect(listed.body.items.map((comment: { text: string }) => comment.text)).toEqual(["stays"]);
  });

  it("lets staff delete anyone's comment", async () => {
    const { post, commentId } = await postWithComment(reader);
    const response = await editor.agent.delete(`/api/posts/${post.id}/comments/${commentId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Comment deleted successfully" });
    expect(await counters(post.id)).toMatchObject({ commentRows: 0, commentCount: 0 });
  });

  it("answers 404 for an unknown comment, a malformed id, or a comment of another post", async () => {
    const { post, commentId } = await postWithComment(reader);
    const otherPost = await newPost();
    for (const path of [
      `/api/posts/${post.id}/comments/${MISSING_ID}`,
      `/api/posts/${post.id}/comments/not-a-uuid`,
      `/api/posts/${otherPost.id}/comments/${commentId}`,
    ]) {
      const response = await editor.agent.delete(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Comment not found" });
    }
    expect((await counters(post.id)).commentRows).toBe(1);
  });
});

describe(`likes on ${testDatabaseKind()}`, () => {
  it("refuses anonymous likes and unlikes with 401", async () => {
    const post = await newPost();
    for (const path of [`/api/posts/addLike/${post.id}`, `/api/posts/removeLike/${post.id}`]) {
      const response = await anonymous().put(path);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Please log in to continue" });
    }
    expect((await counters(post.id)).likeRows).toBe(0);
  });

  it("is idempotent both ways and counts a like once on the post and today", async () => {
    const post = await newPost();
    const first = await reader.agent.put(`/api/posts/addLike/${post.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ likeCount: 1, likedByMe: true });
    expect((await reader.agent.put(`/api/posts/addLike/${post.slug}`)).body).toEqual({ likeCount: 1, likedByMe: true });
    expect(await counters(post.id)).toMatchObject({ likeCount: 1, likeRows: 1, dailyLikes: 1 });

    expect((await otherReader.agent.put(`/api/posts/addLike/${post.id}`)).body).toEqual({
      likeCount: 2,
      likedByMe: true,
    });
    const detail = await reader.agent.get(`/api/posts/${post.id}`);
    expect(detail.body).toMatchObject({ likeCount: 2, likedByMe: true });

    expect((await reader.agent.put(`/api/posts/removeLike/${post.id}`)).body).toEqual({
      likeCount: 1,
      likedByMe: false,
    });
    expect((await reader.agent.put(`/api/posts/removeLike/${post.id}`)).body).toEqual({
      likeCount: 1,
      likedByMe: false,
    });
    // A like taken back leaves the day it was given: each reader counts once per post.
    expect(await counters(post.id)).toMatchObject({ likeCount: 1, likeRows: 1, dailyLikes: 1 });
    expect((await reader.agent.get(`/api/posts/${post.id}`)).body.likedByMe).toBe(false);
  });

  it("cannot inflate today's likes (Hot/Trendy) by liking and unliking over and over", async () => {
    const post = await newPost();
    for (let round = 0; round < 5; round++) {
      await reader.agent.put(`/api/posts/addLike/${post.id}`);
      await reader.agent.put(`/api/posts/removeLike/${post.id}`);
    }
    await reader.agent.put(`/api/posts/addLike/${post.id}`);
    expect(await counters(post.id)).toMatchObject({ likeCount: 1, likeRows: 1, dailyLikes: 1 });
  });

  it("removing a like never given leaves the count as it is", async () => {
    const post = await newPost();
    await otherReader.agent.put(`/api/posts/addLike/${post.id}`);
    const response = await reader.agent.put(`/api/posts/removeLike/${post.id}`);
    expect(response.body).toEqual({ likeCount: 1, likedByMe: false });
    expect((await counters(post.id)).likeCount).toBe(1);
  });

  it("answers 404 for an unknown post", async () => {
    for (const path of [`/api/posts/addLike/${MISSING_ID}`, "/api/posts/removeLike/no-such-slug"]) {
      const response = await reader.agent.put(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Post not found" });
    }
  });

  it("counts exactly 100 when 100 readers like at the same moment", async () => {
    const post = await newPost();
    const agents = await Promise.all(Array.from({ length: 100 }, (_, index) => quickReader(`Fan ${index}`)));
    const responses = await Promise.all(agents.map((agent) => agent.put(`/api/posts/addLike/${post.id}`)));
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
    expect(responses.every((response) => response.body.likedByMe === true)).toBe(true);
    expect(Math.max(...responses.map((response) => response.body.likeCount))).toBe(100);
    expect(await counters(post.id)).toMatchObject({ likeCount: 100, likeRows: 100, dailyLikes: 100 });
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.likeCount).toBe(100);
  });

  it("counts one like when the same reader clicks many times at once", async () => {
    const post = await newPost();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => reader.agent.put(`/api/posts/addLike/${post.id}`)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await counters(post.id)).toMatchObject({ likeCount: 1, likeRows: 1, dailyLikes: 1 });
  });
});

describe(`reviews on ${testDatabaseKind()}`, () => {
  it("refuses anonymous review calls with 401", async () => {
    const post = await newPost();
    for (const path of ["review", "updateReview", "deleteReview"]) {
      const response = await anonymous().patch(`/api/posts/${path}/${post.id}`, { rating: 4 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Please log in to continue" });
    }
  });

  it.each([
    [{}],
    [{ rating: 0 }],
    [{ rating: 6 }],
    [{ rating: 3.5 }],
    [{ rating: -1 }],
    [{ rating: "abc" }],
    [{ rating: "" }],
    [{ rating: null }],
    [{ rating: true }],
  ])("refuses %j with 400 'Rating must be a whole number from 1 to 5'", async (body) => {
    const post = await newPost();
    for (const path of ["review", "updateReview"]) {
      const response = await reader.agent.patch(`/api/posts/${path}/${post.id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "Rating must be a whole number from 1 to 5" });
    }
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.reviews.count).toBe(0);
  });

  it("lists a post's reviews, newest first, by id or slug, for anyone", async () => {
    const post = await newPost();
    const empty = await anonymous().get(`/api/posts/${post.slug}/reviews`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, average: 0, items: [] });
    await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 2, review: "First" });
    await editor.agent.patch(`/api/posts/review/${post.id}`, { rating: 5, review: "Second" });
    const listed = await anonymous().get(`/api/posts/${post.id}/reviews`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      count: 2,
      average: 3.5,
      items: [
        { rating: 5, text: "Second", user: { _id: editor.user._id } },
        { rating: 2, text: "First", user: { _id: reader.user._id } },
      ],
    });
    expect((await anonymous().get("/api/posts/no-such-post/reviews")).body).toEqual({ message: "Post not found" });
  });

  it("refuses a review text over 2000 characters", async () => {
    const post = await newPost();
    const response = await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 3, review: "z".repeat(2001) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "A review can be at most 2000 characters" });
  });

  it("creates, then replaces the caller's review, and averages everyone's", async () => {
    const post = await newPost();
    const created = await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 4, review: " Solid piece " });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      message: "Review saved successfully",
      reviews: {
        count: 1,
        average: 4,
        items: [
          {
            _id: expect.any(String),
            rating: 4,
            text: "Solid piece",
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            user: { _id: reader.user._id, name: "Rita Reader" },
          },
        ],
      },
    });
    const replaced = await reader.agent.patch(`/api/posts/review/${post.slug}`, { rating: "2" });
    expect(replaced.body.reviews).toMatchObject({ count: 1, average: 2, items: [{ rating: 2, text: "" }] });
    expect(replaced.body.reviews.items[0]._id).toBe(created.body.reviews.items[0]._id);

    const other = await otherReader.agent.patch(`/api/posts/review/${post.id}`, { rating: 5 });
    expect(other.body.reviews).toMatchObject({ count: 2, average: 3.5 });
    const third = await editor.agent.patch(`/api/posts/review/${post.id}`, { rating: 5 });
    expect(third.body.reviews).toMatchObject({ count: 3, average: 4 });
    await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 4 });
    // (4 + 5 + 5) / 3 = 4.67, shown with one decimal.
    const detail = await anonymous().get(`/api/posts/${post.id}`);
    expect(detail.body.reviews).toMatchObject({ count: 3, average: 4.7 });
  });

  it("updates only an existing review, 404 otherwise", async () => {
    const post = await newPost();
    const missing = await reader.agent.patch(`/api/posts/updateReview/${post.id}`, { rating: 3 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "You have not reviewed this post" });
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.reviews.count).toBe(0);

    await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 1, review: "meh" });
    const updated = await reader.agent.patch(`/api/posts/updateReview/${post.id}`, { rating: 5, review: "Changed" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: "Review updated successfully",
      reviews: { count: 1, average: 5, items: [{ rating: 5, text: "Changed" }] },
    });
  });

  it("deletes only the caller's own review, 404 when there is none", async () => {
    const post = await newPost();
    await reader.agent.patch(`/api/posts/review/${post.id}`, { rating: 2 });
    await otherReader.agent.patch(`/api/posts/review/${post.id}`, { rating: 4 });
    const deleted = await reader.agent.patch(`/api/posts/deleteReview/${post.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      message: "Review deleted successfully",
      reviews: {
        count: 1,
        average: 4,
        items: [expect.objectContaining({ rating: 4, user: { _id: otherReader.user._id, name: "Otto Other" } })],
      },
    });
    const again = await reader.agent.patch(`/api/posts/deleteReview/${post.id}`, {});
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "You have not reviewed this post" });
    expect((await anonymous().get(`/api/posts/${post.id}`)).body.reviews.count).toBe(1);
  });

  it("answers 404 for an unknown post", async () => {
    for (const path of ["review", "updateReview", "deleteReview"]) {
      const response = await reader.agent.patch(`/api/posts/${path}/${MISSING_ID}`, { rating: 3 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Post not found" });
    }
  });
});

describe(`unpublished posts on ${testDatabaseKind()}`, () => {
  let draftId: string;
  let draftSlug: string;
  let draftCommentId: string;

  beforeAll(async () => {
    const draft = await newPost({ isPublished: false });
    draftId = draft.id;
    draftSlug = draft.slug;
    const [comment] = await db()
      .insert(comments)
      .values({ postId: draft.id, userId: reader.user._id, text: "early" })
      .returning();
    draftCommentId = comment?.id ?? "";
  });

  const calls: [string, (agent: TestAgent) => Promise<{ status: number; body: unknown }>][] = [
    ["GET comments", (agent) => agent.get(`/api/posts/${draftId}/comments`)],
    ["GET comments by slug", (agent) => agent.get(`/api/posts/${draftSlug}/comments`)],
    ["GET reviews", (agent) => agent.get(`/api/posts/${draftId}/reviews`)],
    ["POST comment", (agent) => agent.post(`/api/posts/${draftId}/comments`, { comment: "Hi" })],
    ["DELETE own comment", (agent) => agent.delete(`/api/posts/${draftId}/comments/${draftCommentId}`)],
    ["addLike", (agent) => agent.put(`/api/posts/addLike/${draftId}`)],
    ["removeLike", (agent) => agent.put(`/api/posts/removeLike/${draftSlug}`)],
    ["review", (agent) => agent.patch(`/api/posts/review/${draftId}`, { rating: 5 })],
    ["updateReview", (agent) => agent.patch(`/api/posts/updateReview/${draftId}`, { rating: 5 })],
    ["deleteReview", (agent) => agent.patch(`/api/posts/deleteReview/${draftId}`)],
  ];

  it.each(calls)("%s answers 404 'Post not found' to a reader", async (_name, call) => {
    const response = await call(reader.agent);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Post not found" });
    expect(await counters(draftId)).toMatchObject({ commentRows: 1, likeRows: 0, commentCount: 0, likeCount: 0 });
  });

  it("answers 404 to an anonymous reader of its comments", async () => {
    expect((await anonymous().get(`/api/posts/${draftId}/comments`)).status).toBe(404);
  });

  it("is open to staff, who see drafts", async () => {
    const post = await newPost({ isPublished: false });
    expect((await editor.agent.post(`/api/posts/${post.id}/comments`, { comment: "Note" })).status).toBe(201);
    expect((await editor.agent.get(`/api/posts/${post.id}/comments`)).body.total).toBe(1);
    expect((await editor.agent.put(`/api/posts/addLike/${post.id}`)).body).toEqual({ likeCount: 1, likedByMe: true });
    expect((await editor.agent.patch(`/api/posts/review/${post.id}`, { rating: 3 })).status).toBe(200);
  });
});
