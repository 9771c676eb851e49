import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp, TestAgent, uniqueEmail } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";

/*
 * Issue 12: the login and account abuse paths, through the API on both databases. The test
 * app trusts one proxy hop, so the client address is the rightmost X-Forwarded-For entry.
 */
const context = useTestApp();
const from = (address: string) => ({ "x-forwarded-for": address });
const anonymous = () => new TestAgent(context.app);
const login = (email: string, password: string, address: string) =>
  anonymous().post("/api/users/login", { email, password }, from(address));

describe("login limits", () => {
  it("ten failures from one address do not stop the owner logging in from another", async () => {
    const { user, password } = await signUp(context.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(user.email, "wrong guess", "198.51.100.10")).status).toBe(401);
    }
    expect((await login(user.email, password, "198.51.100.10")).status).toBe(429);
    expect((await login(user.email, password, "198.51.100.11")).status).toBe(200);
  });

  it("counts 60 concurrent wrong guesses as 60: ten are checked, fifty refused", async () => {
    const { user } = await signUp(context.app);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () => login(user.email, "wrong guess", "198.51.100.20").then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });

  it("answers 429 with a Retry-After header", async () => {
    const { user } = await signUp(context.app);
    for (let attempt = 0; attempt < 10; attempt++) await login(user.email, "wrong guess", "198.51.100.30");
    const refused = await login(user.email, "wrong guess", "198.51.100.30");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("past the per-account limit, strangers are refused but the owner's usual address still gets in", async () => {
    const { user, password } = await signUp(context.app);
    expect((await login(user.email, password, "192.0.2.200")).status).toBe(200);
    // Fifty failures spread over five addresses use up the account's allowance (30 per 5 minutes).
    for (let block = 0; block < 5; block++) {
      for (let attempt = 0; attempt < 10; attempt++) await login(user.email, "wrong guess", `203.0.113.${block}`);
    }
    expect((await login(user.email, password, "203.0.113.99")).status).toBe(429);
    expect((await login(user.email, password, "192.0.2.200")).status).toBe(200);
  });

  it("does not let a forged X-Forwarded-For entry change the client behind one trusted proxy", async () => {
    const { user } = await signUp(context.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const forged = `${attempt}.${attempt}.${attempt}.${attempt}, 198.51.100.40`;
      await anonymous().post("/api/users/login", { email: user.email, password: "wrong guess" }, from(forged));
    }
    const forged = await anonymous().post(
      "/api/users/login",
      { email: user.email, password: "wrong guess" },
      from("203.0.113.250, 198.51.100.40"),
    );
    expect(forged.status).toBe(429);
  });

  it("keys IPv6 clients by their /64", async () => {
    const { user } = await signUp(context.app);
    for (let attempt = 0; attempt < 10; attempt++)
      await login(user.email, "wrong guess", `2001:db8:1:2::${attempt + 1}`);
    expect((await login(user.email, "wrong guess", "2001:db8:1:2:ffff::9")).status).toBe(429);
    expect((await login(user.email, "wrong guess", "2001:db8:1:3::1")).status).toBe(401);
  });
});

describe("sessions and reset links", () => {
  it("a password change voids every outstanding reset link", async () => {
    const { agent, user, password } = await signUp(context.app);
    await anonymous().post("/api/users/forgotPassword", { email: user.email }, from("198.51.100.50"));
    await context.app.services.passwordReset.settled();
    const rows = await context.database.db.execute(
      sql`select count(*)::int as open from password_resets where user_id = ${user._id} and used_at is null`,
    );
    expect(JSON.stringify(rows)).toContain('"open":1');
    const changed = await agent.patch("/api/users/changePassword", { oldPassword: password, password: "new-secret" });
    expect(changed.status).toBe(200);
    const after = await context.database.db.execute(
      sql`select count(*)::int as open from password_resets where user_id = ${user._id}`,
    );
    expect(JSON.stringify(after)).toContain('"open":0');
  });

  it("limits reset mails per address and answers at once either way", async () => {
    const email = uniqueEmail("flooded");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await anonymous().post("/api/users/forgotPassword", { email }, from(`198.51.101.${attempt}`))).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("ends a session at its maximum age however active it is", async () => {
    const { agent, user } = await signUp(context.app);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
    await context.database.db.execute(
      sql`update sessions set created_at = now() - interval '91 days' where user_id = ${user._id}`,
    );
    await context.app.services.publicPages.changed([`user:${user._id}`]);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(false);
  });

  it("refuses a cross-site or image-made GET /api/users/logout, and honours the reader's own", async () => {
    const { agent } = await signUp(context.app);
    const crossSite = await agent.get("/api/users/logout", { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const image = await agent.get("/api/users/logout", { "sec-fetch-site": "same-origin", "sec-fetch-dest": "image" });
    expect(image.status).toBe(403);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
    const own = await agent.get("/api/users/logout", { "sec-fetch-site": "same-origin", "sec-fetch-dest": "empty" });
    expect(own.status).toBe(200);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(false);
  });
});

describe("bad input", () => {
  it("answers 413 at once for a body past 1 MB, by Content-Length or while it streams", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) });
    const declared = await anonymous().post("/api/users/login", big);
    expect(declared.status).toBe(413);
    const chunks = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
      },
    });
    const streamed = await context.app.request("/api/users/login", {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("refuses NUL in a query, a path segment and a JSON string with 400", async () => {
    expect((await anonymous().get("/api/posts?search=%00")).status).toBe(400);
    expect((await anonymous().get("/api/posts/%00")).status).toBe(400);
    const share = await anonymous().post("/api/shares", { postId: "a\u0000b", platform: "x" });
    expect(share.status).toBe(400);
    expect(share.body.message).toBe("Text must not contain NUL characters");
    expect((await anonymous().get("/api/posts/%E0%A4%A")).status).toBe(400);
  });

  it.each([
    [
      "a file cut off before its closing boundary",
      '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    ],
    ["a field cut off", '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc'],
    ["an empty body", ""],
    ["a part without headers", "--b\r\n\r\nabc\r\n--b--\r\n"],
    ["a part without a name", "--b\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--b--\r\n"],
    [
      "a field in an unknown charset",
      '--b\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: text/plain; charset=x-unknown\r\n\r\nabc\r\n--b--\r\n',
    ],
    ["a file part without a name", '--b\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\nabc\r\n--b--\r\n'],
  ])("answers 400 to a malformed multipart post: %s", async (_label, body) => {
    const { agent } = await signUp(context.app, { role: "editor" });
    for (const method of ["post", "patch"] as const) {
      const path = method === "post" ? "/api/posts" : "/api/posts/00000000-0000-4000-8000-000000000000";
      const response = await agent[method](path, body, { "content-type": "multipart/form-data; boundary=b" });
      expect(response.status).toBe(400);
    }
  });

  it("refuses a sixth file in one multipart post with 400", async () => {
    const { agent } = await signUp(context.app, { role: "editor" });
    const form = new FormData();
    form.set("title", "Six images");
    for (let index = 0; index < 6; index++) form.append("image", new File([new Uint8Array(10)], `${index}.png`));
    const response = await agent.post("/api/posts", form);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("You can't upload more than 5 images at once");
  });

  it("answers a page far past the end with an empty page and the true total", async () => {
    const response = await anonymous().get("/api/posts?page=1000000");
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([]);
    expect(response.body.page).toBe(1000000);
    expect(typeof response.body.total).toBe("number");
  });
});
