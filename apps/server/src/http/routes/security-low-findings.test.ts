import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCategory, insertPost } from "../../testing/fixtures";
import { signUp, TestAgent, uniqueEmail } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

/* Issue 39, the low findings: cookie tossing over HTTPS, readable reset mails, unaudited preview links. */

describe(`the session cookie over HTTPS on ${testDatabaseKind()}`, () => {
  const secure = useTestApp({ env: { PUBLIC_URL: "https://news.example" } });
  const loginStatus = async (cookie: string) =>
    (await secure.app.request("/api/users/getLoginStatus", { headers: { cookie } })).json();

  it("accepts only the __Host- cookie, never a plain one a subdomain could have set", async () => {
    const registered = await new TestAgent(secure.app).post(
      "/api/users/register",
      { name: "Tossed", email: uniqueEmail("tossed"), password: "secret1" },
      { origin: "https://news.example" },
    );
    const token = registered.headers.get("set-cookie")?.match(/^__Host-broadsheet_session=([^;]+)/)?.[1];
    expect(token).toBeDefined();
    expect(await loginStatus(`__Host-broadsheet_session=${token}`)).toBe(true);
    expect(await loginStatus(`broadsheet_session=${token}`)).toBe(false);
  });
});

describe(`the outbox and the audit log on ${testDatabaseKind()}`, () => {
  const context = useTestApp();

  it("writes reset mails readable by the server's user only", async () => {
    const { user } = await signUp(context.app);
    await new TestAgent(context.app).post("/api/users/forgotPassword", { email: user.email });
    await context.app.services.passwordReset.settled();
    const outbox = path.join(context.config.dataDir, "outbox");
    const files = readdirSync(outbox);
    expect(files.length).toBeGreaterThan(0);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    for (const file of files) expect(statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);
  });

  it("records making and revoking a preview link", async () => {
    const editor = await signUp(context.app, { role: "editor" });
    const category = await insertCategory(context.database.db);
    const post = await insertPost(context.database.db, { categoryId: category.id, isPublished: false });
    expect((await editor.agent.post(`/api/posts/${post.id}/preview-link`)).status).toBe(201);
    expect((await editor.agent.delete(`/api/posts/${post.id}/preview-link`)).status).toBe(200);
    const rows = await context.database.db.execute(
      sql`select action, target_id from audit_events where actor_id = ${editor.user._id} order by created_at, id`,
    );
    const events = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      action: string;
      target_id: string;
    }[];
    expect(events.map((event) => [event.action, event.target_id])).toEqual([
      ["preview.create", post.id],
      ["preview.revoke", post.id],
    ]);
  });
});
