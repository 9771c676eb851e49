import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp, type TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * A logged-in reader's session, likes, Read Later and poll votes are kept in the viewer
 * cache between requests; every write that changes them must show on the very next one.
 * Each case reads first, so the old state is cached when the write happens.
 */
const context = useTestApp();

let postId: string;
let admin: TestAgent;

beforeAll(async () => {
  const category = await insertCategory(context.database.db, "Reader State Desk");
  postId = (await insertPost(context.database.db, { categoryId: category.id, title: "Marked story" })).id;
  admin = (await signUp(context.app, { role: "admin" })).agent;
});

describe(`a reader's own state on ${testDatabaseKind()}`, () => {
  it("shows a role given by an admin on the reader's next request", async () => {
    const reader = await signUp(context.app);
    expect((await reader.agent.get("/api/users/getUser")).body.role).toBe("user");
    expect((await reader.agent.get("/api/admin/stats")).status).toBe(403);

    const promoted = await admin.patch("/api/users/updateRole", { id: reader.user._id, role: "editor" });
    expect(promoted.status).toBe(200);

    expect((await reader.agent.get("/api/users/getUser")).body.role).toBe("editor");
    expect((await reader.agent.get("/api/admin/stats")).status).toBe(200);
  });

  it("shows a new name and photo at once", async () => {
    const reader = await signUp(context.app, { name: "Old Name" });
    expect((await reader.agent.get("/api/users/getUser")).body.name).toBe("Old Name");
    const address = { address: "1 Main St", state: "Lagos", country: "Nigeria" };
    expect(
      (await reader.agent.patch("/api/users/updateUser", { name: "New Name", phone: "123", address })).status,
    ).toBe(200);
    expect((await reader.agent.get("/api/users/getUser")).body.name).toBe("New Name");

    const photo = `/media/${"a".repeat(64)}.webp`;
    expect((await reader.agent.patch("/api/users/updatePhoto", { photo })).status).toBe(200);
    expect((await reader.agent.get("/api/users/getUser")).body.photo).toBe(photo);
  });

  it("refuses a session cookie as soon as it is logged out", async () => {
    const reader = await signUp(context.app);
    const cookie = reader.agent.cookie as string;
    expect((await reader.agent.get("/api/users/getUser")).status).toBe(200);
    await reader.agent.post("/api/users/logout");
    const replay = await context.app.request("/api/users/getUser", { headers: { cookie } });
    expect(replay.status).toBe(401);
  });

  it("shows a like and its removal on the next read", async () => {
    const { agent } = await signUp(context.app);
    expect((await agent.get(`/api/posts/${postId}`)).body.likedByMe).toBe(false);
    expect((await agent.put(`/api/posts/addLike/${postId}`)).status).toBe(200);
    expect((await agent.get(`/api/posts/${postId}`)).body.likedByMe).toBe(true);
    const listed = await agent.get("/api/posts?category=Reader%20State%20Desk");
    expect(listed.body.items[0]).toMatchObject({ _id: postId, likedByMe: true });

    expect((await agent.put(`/api/posts/removeLike/${postId}`)).status).toBe(200);
    expect((await agent.get(`/api/posts/${postId}`)).body.likedByMe).toBe(false);
  });

  it("shows a post saved for later and taken off the list on the next read", async () => {
    const { agent } = await signUp(context.app);
    expect((await agent.get(`/api/posts/${postId}`)).body.inReadLater).toBe(false);
    expect((await agent.post("/api/users/addToWishlist", { postId })).status).toBe(200);
    expect((await agent.get(`/api/posts/${postId}`)).body.inReadLater).toBe(true);

    expect((await agent.put(`/api/users/wishlist/${postId}`)).status).toBe(200);
    expect((await agent.get(`/api/posts/${postId}`)).body.inReadLater).toBe(false);
  });

  it("keeps one reader's marks and vote from another", async () => {
    const poll = await admin.post("/api/votes", {
      title: "Tea or coffee?",
      optionOne: "Tea",
      optionTwo: "Coffee",
      optionThree: "Neither",
    });
    expect(poll.status).toBe(201);
    const voter = await signUp(context.app);
    const other = await signUp(context.app);
    expect((await voter.agent.get("/api/home")).body.poll).toMatchObject({ _id: poll.body._id, myVote: null });
    expect((await other.agent.get("/api/home")).body.poll.myVote).toBeNull();

    expect((await voter.agent.put(`/api/votes/vote/${poll.body._id}`, { option: 2 })).status).toBe(200);
    await voter.agent.put(`/api/posts/addLike/${postId}`);

    expect((await voter.agent.get("/api/home")).body.poll.myVote).toBe(2);
    expect((await other.agent.get("/api/home")).body.poll.myVote).toBeNull();
    expect((await voter.agent.get(`/api/posts/${postId}`)).body.likedByMe).toBe(true);
    expect((await other.agent.get(`/api/posts/${postId}`)).body.likedByMe).toBe(false);
  });
});
