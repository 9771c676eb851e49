import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { action } from "./route";

/* The resource route's action with the API stood in for: which call each intent makes, and where the reader goes. */

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function standInApi(status: number, answer: unknown) {
  const calls: Call[] = [];
  const context = {
    api: async (path: string, init: RequestInit) => {
      calls.push({ method: init.method ?? "GET", path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(answer, { status });
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

async function post(context: AppLoadContext, fields: Record<string, string>) {
  const request = new Request("http://localhost/reader-actions", { method: "POST", body: new URLSearchParams(fields) });
  try {
    return await action({ context, request, params: {} } as Parameters<typeof action>[0]);
  } catch (thrown) {
    return thrown;
  }
}

/** The answer a fetcher gets: the data and status of React Router's data(). */
function answered(result: unknown): { data: unknown; status: number } {
  const { data, init } = result as { data: unknown; init: { status?: number } | null };
  return { data, status: init?.status ?? 200 };
}

function redirectedTo(result: unknown): string | null {
  return result instanceof Response ? result.headers.get("Location") : null;
}

describe("POST /reader-actions", () => {
  it("likes and unlikes a post, and answers a fetcher the post's likes", async () => {
    const { context, calls } = standInApi(200, { likeCount: 4, likedByMe: true });
    const liked = await post(context, { intent: "like", postId: "p1", back: "/", enhanced: "1" });
    expect(answered(liked)).toEqual({
      data: { intent: "like", ok: true, postId: "p1", likeCount: 4, likedByMe: true },
      status: 200,
    });
    await post(context, { intent: "unlike", postId: "p1", back: "/", enhanced: "1" });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "PUT /api/posts/addLike/p1",
      "PUT /api/posts/removeLike/p1",
    ]);
  });

  it("saves a post to Read Later, or takes it off when the reader saw it saved", async () => {
    const { context, calls } = standInApi(200, { message: "Post added to your read later list" });
    const saved = await post(context, { intent: "readLater", postId: "p1", back: "/", enhanced: "1" });
    expect(answered(saved).data).toEqual({
      intent: "readLater",
      ok: true,
      postId: "p1",
      message: "Post added to your read later list",
    });
    await post(context, { intent: "readLater", postId: "p1", saved: "true", back: "/page/p", enhanced: "1" });
    expect(calls[0]).toMatchObject({ path: "/api/users/addToWishlist", body: { postId: "p1" } });
    expect(calls[1]).toMatchObject({ method: "PUT", path: "/api/users/wishlist/p1" });
  });

  it("casts a vote and answers the poll; a refused vote answers the API's message and status", async () => {
    const poll = { _id: "q1", totalVotes: 3 };
    const voted = standInApi(200, poll);
    const answer = await post(voted.context, { intent: "vote", pollId: "q1", option: "2", back: "/", enhanced: "1" });
    expect(answered(answer).data).toEqual({ intent: "vote", ok: true, message: "Thanks for voting!", poll });
    expect(voted.calls[0]).toMatchObject({ method: "PUT", path: "/api/votes/vote/q1", body: { option: 2 } });

    const refused = standInApi(409, { message: "You have already voted in this poll" });
    const again = await post(refused.context, { intent: "vote", pollId: "q1", option: "2", back: "/", enhanced: "1" });
    expect(answered(again)).toEqual({
      data: { intent: "vote", ok: false, message: "You have already voted in this poll" },
      status: 409,
    });
  });

  it("sends a plain HTML post back to the page and part it came from", async () => {
    const { context } = standInApi(200, { likeCount: 1, likedByMe: true });
    expect(
      redirectedTo(await post(context, { intent: "like", postId: "p1", back: "/#block-world-news-heading" })),
    ).toBe("/#block-world-news-heading");
    expect(redirectedTo(await post(context, { intent: "like", postId: "p1", back: "/page/harbour" }))).toBe(
      "/page/harbour",
    );
    // Never off the site.
    expect(redirectedTo(await post(context, { intent: "like", postId: "p1", back: "//elsewhere.example" }))).toBe("/");
  });

  it("sends a logged-out reader to log in, and back to the page afterwards", async () => {
    const { context } = standInApi(401, { message: "Please log in" });
    const fields = { intent: "readLater", postId: "p1", back: "/page/harbour", enhanced: "1" };
    expect(redirectedTo(await post(context, fields))).toBe("/login?redirectTo=%2Fpage%2Fharbour");
    expect(redirectedTo(await post(context, { ...fields, back: "/#latest-news" }))).toBe("/login?redirectTo=%2F");
  });

  it("refuses an intent it does not know", async () => {
    const { context, calls } = standInApi(200, {});
    const refused = await post(context, { intent: "deletePost", back: "/" });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(400);
    expect(calls).toEqual([]);
  });
});
