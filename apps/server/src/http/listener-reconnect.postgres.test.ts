import { Redis } from "ioredis";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type App, createApp } from "../app";
import { POST_LISTS } from "../caching";
import { openDatabase } from "../db/client";
import { createLogger } from "../logger";
import { insertCategory, insertPost } from "../testing/fixtures";
import { signUp, TestAgent } from "../testing/test-agent";
import { testConfig, useTestApp } from "../testing/test-app";
import { loadBuiltPages } from "./pages";

/*
 * Runs only in the PostgreSQL project: two instances on one database, and the LISTEN
 * connection of one of them killed as a database restart would. It must come back by
 * itself, forget whatever it may have missed meanwhile, and hear the other instance again.
 */
const context = useTestApp();
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn("\n*** TEST_REDIS_URL is not set: the Redis invalidation bus's re-subscription is NOT tested. ***\n");
const IMAGE = `/media/${"e".repeat(64)}.webp`;

async function adminQuery<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = context.database.url,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Polls `check` every 20 ms for at most `ms`; answers its last result. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 1_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** The same browser (cookie), its requests answered by another instance. */
function sameBrowserOn(app: App, agent: TestAgent): TestAgent {
  const other = new TestAgent(app);
  other.cookie = agent.cookie;
  return other;
}

describe("the invalidation listener through a lost connection", () => {
  it("reconnects, forgets what it may have missed, and hears the other instance again", async () => {
    const url = context.database.url as string;
    const config = testConfig({ DATABASE_URL: url });
    const render = await loadBuiltPages();
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const a = createApp({ config, database: context.database, logger: createLogger(config), pages: { render } });
    const b = createApp({ config, database: otherDatabase, logger: createLogger(config), pages: { render } });
    try {
      await Promise.all([a.services.publicPages.ready, b.services.publicPages.ready]);
      const listeners = await adminQuery<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'broadsheet-invalidation' and datname = current_database()",
      );
      expect(listeners).toHaveLength(2);
      const bPid = b.services.publicPages.listener().backendPid;
      expect(listeners.map((row) => row.pid)).toContain(bPid);

      const admin = await signUp(a, { role: "admin" });
      const editor = await signUp(a, { role: "editor" });
      const promoted = await signUp(a);
      const leaving = await signUp(a);
      const promotedLater = await signUp(a);
      const leavingLater = await signUp(a);
      const category = await insertCategory(context.database.db, "Restart Desk");
      const post = await insertPost(context.database.db, {
        title: "Before the restart",
        categoryId: category.id,
        images: [IMAGE],
      });
      const page = `/page/${post.slug}`;

      // B caches the page, and each reader's session and role.
      expect(await (await b.request(page)).text()).toContain("Before the restart");
      expect((await b.request(page)).headers.get("x-cache")).toBe("HIT");
      const onB = {
        promoted: sameBrowserOn(b, promoted.agent),
        leaving: sameBrowserOn(b, leaving.agent),
        promotedLater: sameBrowserOn(b, promotedLater.agent),
        leavingLater: sameBrowserOn(b, leavingLater.agent),
      };
      for (const agent of Object.values(onB)) expect((await agent.get("/api/users/getUser")).status).toBe(200);
      expect((await onB.promotedLater.get("/api/admin/stats")).status).toBe(403);

      // Changes nobody announces, as when a notice is sent while B's listener is down: B does not see them yet.
      await adminQuery("update posts set title = 'Missed while down' where id = $1", [post.id]);
      await adminQuery("update users set role = 'editor' where id = $1", [promoted.user._id]);
      await adminQuery("delete from sessions where user_id = $1", [leaving.user._id]);
      expect(await (await b.request(page)).text()).toContain("Before the restart");
      expect((await onB.promoted.get("/api/users/getUser")).body.role).toBe("user");
      expect((await onB.leaving.get("/api/users/getUser")).status).toBe(200);

      // B's listener dies (a database restart, a failover); A's keeps listening.
      const [terminated] = await adminQuery<{ ok: boolean }>("select pg_terminate_backend($1) as ok", [bPid]);
      expect(terminated?.ok).toBe(true);
      expect(await eventually(() => b.services.publicPages.listener().reconnects === 1, 5_000)).toBe(true);
      expect(b.services.publicPages.listener()).toMatchObject({ connected: true });
      expect(b.services.publicPages.listener().backendPid).not.toBe(bPid);
      expect(a.services.publicPages.listener().reconnects).toBe(0);

      // Back, B cleared every cache: pages, reads and every reader's state.
      expect(await (await b.request(page)).text()).toContain("Missed while down");
      expect((await onB.promoted.get("/api/users/getUser")).body.role).toBe("editor");
      expect((await onB.leaving.get("/api/users/getUser")).status).toBe(401);

      // And it hears A again: a post edit, a role change and a logout on A hold on B within a second.
      expect(await (await b.request(page)).text()).toContain("Missed while down");
      expect((await b.request(page)).headers.get("x-cache")).toBe("HIT");
      const edited = await editor.agent.patch(`/api/posts/${post.id}`, {
        title: "Edited after the restart",
        category: category.slug,
        image: [IMAGE],
      });
      expect(edited.status).toBe(200);
      expect(
        await eventually(async () => (await (await b.request(page)).text()).includes("Edited after the restart")),
      ).toBe(true);

      const roleChange = await admin.agent.patch("/api/users/updateRole", {
        id: promotedLater.user._id,
        role: "editor",
      });
      expect(roleChange.status).toBe(200);
      expect(await eventually(async () => (await onB.promotedLater.get("/api/admin/stats")).status === 200)).toBe(true);

      expect((await leavingLater.agent.post("/api/users/logout")).status).toBe(200);
      expect(await eventually(async () => (await onB.leavingLater.get("/api/users/getUser")).status === 401)).toBe(
        true,
      );
    } finally {
      await b.services.close();
      await a.services.close();
      await otherDatabase.close();
    }
  });

  it("keeps trying while the database refuses it, and makes up for the notices it could not send", async () => {
    const url = context.database.url as string;
    const name = new URL(url).pathname.slice(1);
    // The server's own database: ALTER DATABASE cannot run from a database refusing connections.
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const config = testConfig({ DATABASE_URL: url });
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const a = createApp({ config, database: context.database, logger: createLogger(config) });
    const b = createApp({ config, database: otherDatabase, logger: createLogger(config) });
    const bus = b.services.publicPages;
    try {
      await Promise.all([a.services.publicPages.ready, bus.ready]);
      await insertPost(context.database.db, { title: "Cached on A" });
      expect((await a.request("/api/posts")).status).toBe(200);
      expect(a.services.publicPages.reads.stats().entries).toBeGreaterThan(0);

      await adminQuery(`alter database "${name}" allow_connections false`, [], serverUrl);
      try {
        await adminQuery("select pg_terminate_backend($1)", [bus.listener().backendPid], serverUrl);
        expect(await eventually(() => !bus.listener().connected)).toBe(true);
        // A content write on B while it cannot reach the others: it neither hangs nor throws.
        const started = Date.now();
        await bus.changed([POST_LISTS]);
        expect(Date.now() - started).toBeLessThan(500);
        // Refused for a while: it keeps trying (100 ms, 200 ms, 400 ms, … between attempts).
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(bus.listener()).toMatchObject({ connected: false, reconnects: 0 });
        expect(a.services.publicPages.reads.stats().entries).toBeGreaterThan(0);
      } finally {
        await adminQuery(`alter database "${name}" allow_connections true`, [], serverUrl);
      }
      expect(await eventually(() => bus.listener().reconnects === 1, 10_000)).toBe(true);
      // Back, B tells the others what it could not: A forgets everything it cached.
      expect(await eventually(() => a.services.publicPages.reads.stats().entries === 0)).toBe(true);
    } finally {
      await b.services.close();
      await a.services.close();
      await otherDatabase.close();
    }
  });

  it.runIf(redisUrl)(
    "with Redis, subscribes again after its connection is killed and forgets what it may have missed",
    async () => {
      const url = context.database.url as string;
      const config = testConfig({ DATABASE_URL: url, REDIS_URL: redisUrl as string });
      const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
      const a = createApp({ config, database: context.database, logger: createLogger(config) });
      const b = createApp({ config, database: otherDatabase, logger: createLogger(config) });
      const redis = new Redis(redisUrl as string);
      try {
        await Promise.all([a.services.publicPages.ready, b.services.publicPages.ready]);
        const post = await insertPost(context.database.db, { title: "Before the Redis restart" });
        const leaving = await signUp(a);
        const leavingLater = await signUp(a);
        const onB = { leaving: sameBrowserOn(b, leaving.agent), leavingLater: sameBrowserOn(b, leavingLater.agent) };
        expect((await b.request(`/api/posts/${post.id}`)).status).toBe(200);
        for (const agent of Object.values(onB)) expect((await agent.get("/api/users/getUser")).status).toBe(200);

        // Missed by B: nobody announces these.
        await adminQuery("update posts set title = 'Missed by Redis' where id = $1", [post.id]);
        await adminQuery("delete from sessions where user_id = $1", [leaving.user._id]);

        const name = b.services.publicPages.listener().clientName;
        const list = (await redis.call("CLIENT", "LIST")) as string;
        const id = list
          .split("\n")
          .find((line) => line.includes(` name=${name} `))
          ?.match(/\bid=(\d+)/)?.[1];
        expect(id).toBeDefined();
        await redis.call("CLIENT", "KILL", "ID", id as string);
        expect(await eventually(() => b.services.publicPages.listener().reconnects === 1, 5_000)).toBe(true);

        expect(((await (await b.request(`/api/posts/${post.id}`)).json()) as { title: string }).title).toBe(
          "Missed by Redis",
        );
        expect((await onB.leaving.get("/api/users/getUser")).status).toBe(401);
        // And hears A again.
        expect((await leavingLater.agent.post("/api/users/logout")).status).toBe(200);
        expect(await eventually(async () => (await onB.leavingLater.get("/api/users/getUser")).status === 401)).toBe(
          true,
        );
      } finally {
        redis.disconnect();
        await b.services.close();
        await a.services.close();
        await otherDatabase.close();
      }
    },
  );
});
