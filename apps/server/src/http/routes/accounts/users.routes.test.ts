import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent, uniqueEmail } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const fromIp = (ip: string) => ({ "x-forwarded-for": ip });

describe(`POST /api/users/register on ${testDatabaseKind()}`, () => {
  it("creates a user with role user, lower-cases the e-mail, never returns the hash, and logs in", async () => {
    const agent = anonymous();
    const email = uniqueEmail("New.Reader").replace("new.reader", "New.Reader");
    const response = await agent.post("/api/users/register", { name: "Ada", email, password: "secret1" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Ada", email: email.toLowerCase(), role: "user" });
    expect(response.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon2/i);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^broadsheet_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
  });

  it.each([
    [{ email: "a@example.com", password: "secret1" }, "All fields are required"],
    [{ name: "A", password: "secret1" }, "All fields are required"],
    [{ name: "A", email: "a@example.com" }, "All fields are required"],
    [{ name: "  ", email: "a@example.com", password: "secret1" }, "All fields are required"],
    [{ name: "A", email: "a@example.com", password: "12345" }, "Password must be at least 6 characters"],
    [{ name: "A", email: "not-an-email", password: "secret1" }, "Please enter a valid email"],
    [{ name: "A", email: "a@b.c", password: "secret1" }, "Please enter a valid email"],
    [{ name: 5, email: "a@example.com", password: "secret1" }, "All fields are required"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const response = await anonymous().post("/api/users/register", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("refuses an e-mail already registered in any letter case with 409", async () => {
    const email = uniqueEmail("dup");
    expect((await anonymous().post("/api/users/register", { name: "A", email, password: "secret1" })).status).toBe(201);
    const response = await anonymous().post("/api/users/register", {
      name: "B",
      email: email.toUpperCase(),
      password: "secret1",
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/already exists/);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await anonymous().post("/api/users/register", '{"name": "x",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("rate-limits registrations per client address with 429", async () => {
    const agent = anonymous();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 102; attempt++) {
      // Invalid bodies still count: the limit protects the endpoint, not only successful sign-ups.
      const response = await agent.post("/api/users/register", {}, fromIp("203.0.113.77"));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await agent.post("/api/users/register", {}, fromIp("203.0.113.77"));
    expect(limited.body.message).toMatch(/Too many requests/);
    expect((await agent.post("/api/users/register", {}, fromIp("203.0.113.78"))).status).toBe(400);
  });
});

describe("POST /api/users/login", () => {
  it("logs in with any letter case of the e-mail and rotates the session token", async () => {
    const { user, password, agent } = await signUp(context.app);
    const firstCookie = agent.cookie;
    const response = await agent.post("/api/users/login", { email: user.email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: user._id, email: user.email });
    expect(firstCookie).toMatch(/^broadsheet_session=[\w-]{40,}$/);
    expect(agent.cookie).toMatch(/^broadsheet_session=[\w-]{40,}$/);
    expect(agent.cookie).not.toBe(firstCookie);
    expect((await agent.get("/api/users/getUser")).status).toBe(200);
  });

  it.each([
    [{ email: "a@example.com" }, 400, "Please enter email and password"],
    [{ password: "secret1" }, 400, "Please enter email and password"],
    [{ email: "nope", password: "secret1" }, 400, "Please enter a valid email"],
  ])("refuses %j", async (body, status, message) => {
    const response = await anonymous().post("/api/users/login", body);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });

  it("answers a wrong password and an unknown e-mail with the same 401 message", async () => {
    const { user } = await signUp(context.app);
    const wrongPassword = await anonymous().post("/api/users/login", { email: user.email, password: "wrong-one" });
    const unknownEmail = await anonymous().post("/api/users/login", {
      email: uniqueEmail("ghost"),
      password: "x1234567",
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.message).toBe("Invalid email or password");
    expect(wrongPassword.headers.get("set-cookie")).toBeNull();
  });

  it("locks one account after repeated failures without blocking other accounts from the same address", async () => {
    const victim = await signUp(context.app);
    const other = await signUp(context.app);
    const ip = fromIp("198.51.100.10");
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await anonymous().post(
        "/api/users/login",
        { email: victim.user.email, password: "guess-1" },
        ip,
      );
      expect(response.status).toBe(401);
    }
    const locked = await anonymous().post(
      "/api/users/login",
      { email: victim.user.email, password: victim.password },
      ip,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many requests/);
    const otherLogin = await anonymous().post(
      "/api/users/login",
      { email: other.user.email, password: other.password },
      ip,
    );
    expect(otherLogin.status).toBe(200);
  });
});

describe("sessions", () => {
  it("reports the login status as a JSON boolean and getUser as the profile", async () => {
    expect((await anonymous().get("/api/users/getLoginStatus")).body).toBe(false);
    const getUser = await anonymous().get("/api/users/getUser");
    expect(getUser.status).toBe(401);
    expect(getUser.body).toEqual({ message: "Please log in to continue" });

    const { agent, user } = await signUp(context.app, { name: "Grace" });
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
    const profile = await agent.get("/api/users/getUser");
    expect(profile.body).toEqual({
      _id: user._id,
      name: "Grace",
      email: user.email,
      role: "user",
      phone: "",
      photo: "",
      address: { address: "", state: "", country: "" },
      slug: expect.stringMatching(/^grace(-\d+)?$/),
      bio: "",
      twoFactorEnabled: false,
      createdAt: expect.any(String),
    });
  });

  it("logout ends the session on the server and clears the cookie (GET and POST)", async () => {
    for (const method of ["GET", "POST"]) {
      const { agent } = await signUp(context.app);
      const stolenCookie = agent.cookie as string;
      const response = await agent.request(method, "/api/users/logout");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: "Logged out successfully" });
      expect(response.headers.get("set-cookie")).toMatch(/broadsheet_session=;/);
      expect((await agent.get("/api/users/getLoginStatus")).body).toBe(false);
      const replay = await context.app.request("/api/users/getUser", { headers: { cookie: stolenCookie } });
      expect(replay.status).toBe(401);
    }
  });

  it("ignores a forged or expired cookie", async () => {
    const forged = await context.app.request("/api/users/getLoginStatus", {
      headers: { cookie: "broadsheet_session=not-a-real-token" },
    });
    expect(await forged.json()).toBe(false);

    const { agent } = await signUp(context.app);
    await context.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(false);
  });

  it("refuses a state-changing request from another site with 403", async () => {
    const { agent } = await signUp(context.app);
    const crossSite = await agent.patch(
      "/api/users/updateUser",
      { name: "X", phone: "1", address: { address: "a", state: "s", country: "c" } },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const fetchSite = await agent.post("/api/users/logout", undefined, { "sec-fetch-site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
    const sameSite = await agent.post("/api/users/logout", undefined, { origin: "http://localhost:3000" });
    expect(sameSite.status).toBe(200);
  });
});

describe("admin: getUsers and updateRole", () => {
  it("lets only admins list users; filters by part of the e-mail in any case; newest first; paginated", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const editor = await signUp(context.app, { role: "editor" });
    const reader = await signUp(context.app);
    expect((await anonymous().get("/api/users/getUsers")).status).toBe(401);
    expect((await reader.agent.get("/api/users/getUsers")).status).toBe(403);
    expect((await editor.agent.get("/api/users/getUsers")).status).toBe(403);

    const marker = `zz${Date.now().toString(36)}`;
    const first = await signUp(context.app, { email: `${marker}-one@example.com` });
    const second = await signUp(context.app, { email: `${marker}-two@example.com` });
    const search = await admin.agent.get(`/api/users/getUsers?search=${marker.toUpperCase()}`);
    expect(search.status).toBe(200);
    expect(search.body.total).toBe(2);
    expect(search.body.items.map((user: { _id: string }) => user._id)).toEqual([second.user._id, first.user._id]);
    expect(JSON.stringify(search.body)).not.toMatch(/passwordHash|argon2/);

    const page = await admin.agent.get("/api/users/getUsers?page=2&limit=2");
    expect(page.body).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.items).toHaveLength(2);
    const { rows } = (await context.database.db.execute(sql`select count(*)::int as count from users`)) as unknown as {
      rows: { count: number }[];
    };
    expect(page.body.total).toBe(rows[0]?.count);
    const tooMany = await admin.agent.get("/api/users/getUsers?limit=1000");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: "limit must be a whole number from 1 to 50" });
  });

  it("changes roles (admin only), validates the role, and never demotes the last admin", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const editor = await signUp(context.app, { role: "editor" });
    const reader = await signUp(context.app);
    expect((await anonymous().patch("/api/users/updateRole", { id: reader.user._id, role: "editor" })).status).toBe(
      401,
    );
    expect((await editor.agent.patch("/api/users/updateRole", { id: reader.user._id, role: "editor" })).status).toBe(
      403,
    );

    const promoted = await admin.agent.patch("/api/users/updateRole", { id: reader.user._id, role: "editor" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ _id: reader.user._id, role: "editor" });
    expect((await reader.agent.get("/api/users/getUser")).body.role).toBe("editor");

    const badRole = await admin.agent.patch("/api/users/updateRole", { id: reader.user._id, role: "owner" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe("Role must be user, editor or admin");
    expect((await admin.agent.patch("/api/users/updateRole", { id: "nope", role: "user" })).status).toBe(404);

    // Demote every other admin first, then the last one must stay.
    await context.database.db.execute(
      sql`update users set role = 'user' where role = 'admin' and id <> ${admin.user._id}`,
    );
    const lastAdmin = await admin.agent.patch("/api/users/updateRole", { id: admin.user._id, role: "user" });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.message).toBe("The last admin cannot be demoted");
    expect((await admin.agent.get("/api/users/getUser")).body.role).toBe("admin");
  });
});

describe("profile", () => {
  const profile = {
    name: "Ada Lovelace",
    phone: "+44 20 7946 0000",
    address: { address: "1 Fleet St", state: "London", country: "UK" },
  };

  it("updates name, phone and address; e-mail and role stay", async () => {
    const { agent, user } = await signUp(context.app);
    const response = await agent.patch("/api/users/updateUser", {
      ...profile,
      email: "hacker@example.com",
      role: "admin",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...profile, email: user.email, role: "user" });
    expect((await agent.get("/api/users/getUser")).body).toMatchObject(profile);
  });

  it.each([
    [{ ...profile, name: "" }, "Name is required"],
    [{ ...profile, phone: undefined }, "Phone is required"],
    [{ ...profile, address: { ...profile.address, state: " " } }, "State is required"],
    [{ ...profile, address: { address: "x", state: "y" } }, "Country is required"],
    [{ name: "x", phone: "1" }, "Address is required"],
  ])("refuses a missing field, naming it: %j", async (body, message) => {
    const { agent } = await signUp(context.app);
    const response = await agent.patch("/api/users/updateUser", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("needs a login", async () => {
    expect((await anonymous().patch("/api/users/updateUser", profile)).status).toBe(401);
    expect((await anonymous().patch("/api/users/updatePhoto", { photo: "https://x.example/a.png" })).status).toBe(401);
  });

  it("accepts a photo served from /media/ or an https URL, and nothing else", async () => {
    const { agent } = await signUp(context.app);
    const key = "a".repeat(64);
    for (const photo of [
      `/media/${key}.webp`,
      `http://localhost:3000/media/${key}.webp`,
      "https://cdn.example/p.jpg",
    ]) {
      const response = await agent.patch("/api/users/updatePhoto", { photo });
      expect(response.status).toBe(200);
      expect(response.body.photo).toBe(photo);
    }
    for (const photo of ["javascript:alert(1)", "http://evil.example/p.png", "/etc/passwd", ""]) {
      const response = await agent.patch("/api/users/updatePhoto", { photo });
      expect(response.status).toBe(400);
    }
  });
});

describe("passwords", () => {
  it("changes the password with the old one, keeps this session and ends the others", async () => {
    const { agent, user, password } = await signUp(context.app);
    const otherDevice = new TestAgent(context.app);
    await otherDevice.post("/api/users/login", { email: user.email, password });
    expect((await otherDevice.get("/api/users/getLoginStatus")).body).toBe(true);

    const wrongOld = await agent.patch("/api/users/changePassword", { oldPassword: "not-it", password: "brand-new" });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.message).toBe("Old password is incorrect");
    const short = await agent.patch("/api/users/changePassword", { oldPassword: password, password: "123" });
    expect(short.body).toEqual({ message: "Password must be at least 6 characters" });

    const changed = await agent.patch("/api/users/changePassword", { oldPassword: password, password: "brand-new" });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: "Password changed successfully" });
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(true);
    expect((await otherDevice.get("/api/users/getLoginStatus")).body).toBe(false);
    expect((await anonymous().post("/api/users/login", { email: user.email, password })).status).toBe(401);
    expect((await anonymous().post("/api/users/login", { email: user.email, password: "brand-new" })).status).toBe(200);
  });

  function outboxFiles(): string[] {
    const dir = path.join(context.config.dataDir, "outbox");
    try {
      return readdirSync(dir).map((file) => path.join(dir, file));
    } catch {
      return [];
    }
  }

  /** The reset mail is sent off the request path: wait for it, then read its link. */
  async function tokenFromMailTo(email: string): Promise<string> {
    await context.app.services.passwordReset.settled();
    const mails = outboxFiles()
      .map((file) => readFileSync(file, "utf8"))
      .filter((mail) => mail.includes(`To: ${email}`));
    const link = mails.at(-1)?.match(/\/reset\/([\w-]+)/);
    if (!link?.[1]) throw new Error(`no reset mail for ${email}`);
    return link[1];
  }

  it("answers forgotPassword the same whether or not the account exists, mailing only real accounts", async () => {
    const { user } = await signUp(context.app);
    const before = outboxFiles().length;
    const known = await anonymous().post("/api/users/forgotPassword", { email: user.email.toUpperCase() });
    const unknown = await anonymous().post("/api/users/forgotPassword", { email: uniqueEmail("nobody") });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await context.app.services.passwordReset.settled();
    expect(outboxFiles().length).toBe(before + 1);
    const mail = readFileSync(outboxFiles().sort().at(-1) as string, "utf8");
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toMatch(/http:\/\/localhost:3000\/reset\/[\w-]{40,}/);
    expect((await anonymous().post("/api/users/forgotPassword", { email: "bad" })).status).toBe(400);
  });

  it("resets the password once with the mailed token, ending every session", async () => {
    const { agent, user } = await signUp(context.app);
    await anonymous().post("/api/users/forgotPassword", { email: user.email });
    const token = await tokenFromMailTo(user.email);

    const short = await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "123" });
    expect(short.body).toEqual({ message: "Password must be at least 6 characters" });

    const reset = await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "reset-pass" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: "Password reset successful. Please log in with your new password" });
    expect((await agent.get("/api/users/getLoginStatus")).body).toBe(false);
    expect((await anonymous().post("/api/users/login", { email: user.email, password: "reset-pass" })).status).toBe(
      200,
    );

    const reused = await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "another-one" });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("This reset link is invalid or has expired");
    const unknown = await anonymous().patch("/api/users/resetPassword/made-up-token", { password: "another-one" });
    expect(unknown.status).toBe(400);
  });

  it("refuses an expired reset token and stores tokens only hashed", async () => {
    const { user } = await signUp(context.app);
    await anonymous().post("/api/users/forgotPassword", { email: user.email });
    const token = await tokenFromMailTo(user.email);
    const stored = await context.database.db.execute(sql`select token_hash from password_resets`);
    expect(JSON.stringify(stored)).not.toContain(token);
    await context.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 minute' where user_id = ${user._id}`,
    );
    const expired = await anonymous().patch(`/api/users/resetPassword/${token}`, { password: "reset-pass" });
    expect(expired.status).toBe(400);
  });

  it("rate-limits forgotPassword per client address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await anonymous().post(
        "/api/users/forgotPassword",
        { email: uniqueEmail("x") },
        fromIp("192.0.2.55"),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("Read Later (wishlist)", () => {
  it("adds by id or slug, keeps one entry, lists newest first with summaries, and removes", async () => {
    const { agent } = await signUp(context.app);
    const older = await insertPost(context.database.db, { title: "Older story" });
    const newer = await insertPost(context.database.db, { title: "Newer story" });
    expect((await agent.post("/api/users/addToWishlist", { postId: older.id })).status).toBe(200);
    expect((await agent.post("/api/users/addToWishlist", { postId: newer.slug })).status).toBe(200);
    const again = await agent.post("/api/users/addToWishlist", { postId: older.slug });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: "Post added to your read later list" });

    const list = await agent.get("/api/users/getWishlist");
    expect(list.status).toBe(200);
    // Saving again keeps the first entry and its date, so the newer save stays on top.
    expect(list.body.wishlist.map((post: { _id: string }) => post._id)).toEqual([newer.id, older.id]);
    expect(list.body.wishlist[1]).toMatchObject({
      _id: older.id,
      slug: older.slug,
      title: "Older story",
      image: older.images,
      inReadLater: true,
      likedByMe: false,
    });
    expect(list.body.wishlist[1]).not.toHaveProperty("content");

    const removed = await agent.put(`/api/users/wishlist/${older.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Post removed from your read later list" });
    const after = await agent.get("/api/users/getWishlist");
    expect(after.body.wishlist.map((post: { _id: string }) => post._id)).toEqual([newer.id]);
  });

  it("refuses unknown and unpublished posts with 404 and needs a login", async () => {
    const { agent } = await signUp(context.app);
    const draft = await insertPost(context.database.db, { isPublished: false });
    expect((await agent.post("/api/users/addToWishlist", { postId: "no-such-post" })).status).toBe(404);
    expect((await agent.post("/api/users/addToWishlist", { postId: draft.id })).status).toBe(404);
    expect((await agent.post("/api/users/addToWishlist", {})).status).toBe(400);
    expect((await anonymous().post("/api/users/addToWishlist", { postId: draft.id })).status).toBe(401);
    expect((await anonymous().get("/api/users/getWishlist")).status).toBe(401);
  });
});

describe("Secure cookie behind https", () => {
  const secure = useTestApp({ env: { PUBLIC_URL: "https://news.example" } });
  it("marks the session cookie Secure when PUBLIC_URL is https", async () => {
    const response = await new TestAgent(secure.app).post(
      "/api/users/register",
      { name: "S", email: uniqueEmail("secure"), password: "secret1" },
      { origin: "https://news.example" },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("set-cookie")).toMatch(/; Secure/);
  });
});
