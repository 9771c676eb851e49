import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: the audit log records staff logins and changes; only admins read it; nobody edits it. */
const context = useTestApp();
const IMAGE = `/media/${"6".repeat(64)}.webp`;
let admin: Awaited<ReturnType<typeof signUp>>;
let editor: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  admin = await signUp(context.app, { role: "admin", name: "Audrey Admin" });
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  await insertCategory(context.database.db, "Audit Desk");
});

type Item = {
  action: string;
  actor: { _id: string | null; name: string; email: string };
  target: { type: string; _id: string; name: string };
  createdAt: string;
};
const events = async (query = "") =>
  (await admin.agent.get(`/api/audit${query}`)).body as { items: Item[]; total: number };

describe(`the audit log on ${testDatabaseKind()}`, () => {
  it("is for admins only", async () => {
    const reader = await signUp(context.app);
    expect((await new TestAgent(context.app).get("/api/audit")).status).toBe(401);
    expect((await reader.agent.get("/api/audit")).status).toBe(403);
    expect((await editor.agent.get("/api/audit")).status).toBe(403);
    expect((await admin.agent.get("/api/audit")).status).toBe(200);
  });

  it("records a post's life: created, edited, unpublished, published, deleted, by whom", async () => {
    const created = await editor.agent.post("/api/posts", {
      title: "Audited story",
      category: "Audit Desk",
      image: [IMAGE],
    });
    expect(created.status).toBe(201);
    const post = created.body;
    const edited = await editor.agent.patch(`/api/posts/${post._id}`, {
      title: "Audited story, edited",
      category: "Audit Desk",
      image: [IMAGE],
    });
    expect(edited.status).toBe(200);
    expect((await editor.agent.patch(`/api/posts/${post._id}/publish`)).status).toBe(200);
    expect((await editor.agent.patch(`/api/posts/${post._id}/publish`)).status).toBe(200);
    expect((await admin.agent.delete(`/api/posts/${post._id}`)).status).toBe(200);
    // A refused change is not recorded.
    const refused = await editor.agent.post("/api/posts", { title: "", category: "Audit Desk", image: [IMAGE] });
    expect(refused.status).toBe(400);

    const { items } = await events("?action=post");
    const mine = items.filter((item) => item.target._id === post._id);
    expect(mine.map((item) => [item.action, item.actor.name])).toEqual([
      ["post.delete", "Audrey Admin"],
      ["post.publish", "Eddie Editor"],
      ["post.unpublish", "Eddie Editor"],
      ["post.update", "Eddie Editor"],
      ["post.create", "Eddie Editor"],
    ]);
    expect(mine.at(-1)?.target).toEqual({ type: "post", _id: post._id, name: "Audited story" });
    // Named by title even once unpublished or deleted, not by an id nobody can look up.
    expect(mine.slice(0, 3).map((item) => item.target.name)).toEqual(Array(3).fill("Audited story, edited"));
    expect(items.every((item) => item.action.startsWith("post."))).toBe(true);
  });

  it("records staff logins and failed staff logins, not readers'", async () => {
    const reporter = await signUp(context.app, { role: "editor", name: "Rosa Reporter" });
    const reader = await signUp(context.app, { name: "Ray Reader" });
    const agent = new TestAgent(context.app);
    expect((await agent.post("/api/users/login", { email: reporter.user.email, password: "wrong one" })).status).toBe(
      401,
    );
    expect(
      (await agent.post("/api/users/login", { email: reporter.user.email, password: reporter.password })).status,
    ).toBe(200);
    expect((await agent.post("/api/users/login", { email: reader.user.email, password: reader.password })).status).toBe(
      200,
    );
    expect((await agent.post("/api/users/login", { email: reader.user.email, password: "wrong one" })).status).toBe(
      401,
    );

    const byReporter = (await events(`?actor=${encodeURIComponent(reporter.user.email)}`)).items;
    expect(byReporter.map((item) => item.action)).toEqual(["login", "login.failed"]);
    expect(byReporter[0]?.actor).toEqual({ _id: reporter.user._id, name: "Rosa Reporter", email: reporter.user.email });
    expect((await events(`?actor=${reader.user._id}`)).total).toBe(0);
  });

  it("records role, settings, category and poll changes", async () => {
    const promoted = await signUp(context.app, { name: "Pat Promoted" });
    const changes = [
      await admin.agent.patch("/api/users/updateRole", { id: promoted.user._id, role: "editor" }),
      await admin.agent.patch("/api/settings", { tagline: "Audited tagline" }),
      await editor.agent.post("/api/category/createCategory", { name: "Audited Category" }),
      await editor.agent.post("/api/votes", {
        title: "Audited poll?",
        optionOne: "A",
        optionTwo: "B",
        optionThree: "C",
      }),
    ];
    expect(changes.map((change) => change.status)).toEqual([200, 200, 201, 201]);
    const actions = (await events("?limit=50")).items.map((item) => item.action);
    for (const action of ["user.role", "settings.update", "category.create", "poll.create"]) {
      expect(actions).toContain(action);
    }
    const [role] = (await events("?action=user.role")).items;
    expect(role?.target).toMatchObject({ type: "user", _id: promoted.user._id });
  });

  it("pages newest first and cannot be changed, even by SQL from the application", async () => {
    const page = await events("?limit=2&page=2");
    expect(page).toMatchObject({ page: 2, limit: 2 });
    const everything = (await events("?limit=50")).items;
    expect(page.items).toHaveLength(2);
    expect(page.items).toEqual(everything.slice(2, 4));
    const all = everything.map((item) => Date.parse(item.createdAt));
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    const appendOnly = { cause: { message: "audit_events is append-only" } };
    await expect(context.database.db.execute(sql`update audit_events set action = 'login'`)).rejects.toMatchObject(
      appendOnly,
    );
    await expect(context.database.db.execute(sql`delete from audit_events`)).rejects.toMatchObject(appendOnly);
  });
});
