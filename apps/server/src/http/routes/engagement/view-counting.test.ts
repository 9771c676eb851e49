import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../../db/schema";
import { MAX_VIEWS_PER_ADDRESS } from "../../../engagement";
import { insertCategory, insertPost } from "../../../testing/fixtures";
import { signUp } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * Issue 39: a view counts once per reader (account, or signed visitor id) per post per window,
 * and one address counts at most MAX_VIEWS_PER_ADDRESS views of a post in that window however
 * many user agents or ids it brings, so one client cannot move Most Read.
 */
const context = useTestApp();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let categoryId: string;

beforeAll(async () => {
  categoryId = (await insertCategory(context.database.db)).id;
});

function beacon(postId: string, options: { address: string; userAgent?: string; cookie?: string }) {
  return context.app.request(`/api/posts/${postId}/view`, {
    method: "POST",
    headers: {
      "x-forwarded-for": options.address,
      "user-agent": options.userAgent ?? BROWSER,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function viewsOf(postId: string): Promise<number> {
  await context.app.services.views.flush();
  const [row] = await context.database.db.select({ views: posts.views }).from(posts).where(eq(posts.id, postId));
  return row?.views ?? -1;
}

const visitorCookieOf = (response: Response) =>
  response.headers.get("set-cookie")?.match(/^(broadsheet_visitor=[^;]+)/)?.[1];

describe(`view counting on ${testDatabaseKind()}`, () => {
  it("counts one address at most the cap per post, whatever user agents or cookies it sends", async () => {
    const leader = await insertPost(context.database.db, { categoryId, title: "Read by many", views: 24 });
    const target = await insertPost(context.database.db, { categoryId, title: "Pushed by one" });
    const answers: boolean[] = [];
    for (let request = 0; request < 200; request++) {
      const response = await beacon(target.id, { address: "198.51.100.60", userAgent: `${BROWSER} probe/${request}` });
      expect(response.status).toBe(200);
      answers.push(((await response.json()) as { counted: boolean }).counted);
    }
    expect(answers.filter(Boolean)).toHaveLength(MAX_VIEWS_PER_ADDRESS);
    expect(await viewsOf(target.id)).toBe(MAX_VIEWS_PER_ADDRESS);

    const mostRead = await context.app.request("/api/posts/most-read");
    const titles = ((await mostRead.json()) as { title: string }[]).map((post) => post.title);
    expect(titles.indexOf("Read by many")).toBeLessThan(titles.indexOf("Pushed by one"));
    expect(await viewsOf(leader.id)).toBe(24);

    // Another address is another set of readers, with a cap of its own.
    expect(
      ((await (await beacon(target.id, { address: "198.51.100.61" })).json()) as { counted: boolean }).counted,
    ).toBe(true);
  });

  it("counts a reader's signed visitor id once, and never takes a forged id for one", async () => {
    const post = await insertPost(context.database.db, { categoryId });
    const first = await beacon(post.id, { address: "198.51.100.62" });
    expect(await first.json()).toEqual({ counted: true });
    const cookie = visitorCookieOf(first);
    expect(cookie).toMatch(/^broadsheet_visitor=[\w-]+\.[\w-]+$/);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    for (let again = 0; again < 3; again++) {
      const repeat = await beacon(post.id, { address: "198.51.100.62", cookie });
      expect(await repeat.json()).toEqual({ counted: false });
      expect(repeat.headers.get("set-cookie")).toBeNull();
    }
    const forged = await beacon(post.id, { address: "198.51.100.62", cookie: `${cookie?.split(".")[0]}.forgedmac` });
    expect(visitorCookieOf(forged)).toBeDefined();
    expect(visitorCookieOf(forged)).not.toBe(cookie);
    expect(await viewsOf(post.id)).toBe(2);
  });

  it("counts an account once whatever its user agent or address, and staff, bots and page reads not at all", async () => {
    const post = await insertPost(context.database.db, { categoryId });
    const reader = await signUp(context.app);
    for (let attempt = 0; attempt < 4; attempt++) {
      await context.app.request(`/api/posts/${post.id}/view`, {
        method: "POST",
        headers: {
          cookie: reader.agent.cookie ?? "",
          "x-forwarded-for": `198.51.100.${70 + attempt}`,
          "user-agent": `${BROWSER} ${attempt}`,
        },
      });
    }
    const editor = await signUp(context.app, { role: "editor" });
    expect((await editor.agent.post(`/api/posts/${post.id}/view`, undefined, { "user-agent": BROWSER })).body).toEqual({
      counted: false,
    });
    expect(await (await beacon(post.id, { address: "198.51.100.80", userAgent: "Googlebot/2.1" })).json()).toEqual({
      counted: false,
    });
    expect((await reader.agent.get(`/api/posts/${post.id}`, { "user-agent": BROWSER })).status).toBe(200);
    expect(await viewsOf(post.id)).toBe(1);
  });

  it("answers 404 for a draft and counts nothing", async () => {
    const draft = await insertPost(context.database.db, { categoryId, isPublished: false });
    const response = await beacon(draft.id, { address: "198.51.100.81" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Post not found" });
    expect(await viewsOf(draft.id)).toBe(0);
  });
});
