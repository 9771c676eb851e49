import net from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase } from "../db/client";
import { isDatabaseUnavailable } from "../db/pg-errors";
import { createLogger } from "../logger";
import { insertPost } from "../testing/fixtures";
import { testConfig, useTestApp } from "../testing/test-app";

/*
 * Runs only in the PostgreSQL project: what readers get while the database restarts.
 * A read whose connection died is sent once more (200, not 500), a write never is, and
 * what still fails answers 503 with a plain message.
 */
const context = useTestApp();
const UNAVAILABLE = { message: "The service is briefly unavailable. Please try again." };

async function adminQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: context.database.url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every other connection to this file's database ends, as in a restart (57P01 admin_shutdown). */
const terminateOthers = () =>
  adminQuery(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );

/** Waits until a statement containing `marker` runs (an idle backend shows its last one), then terminates its backend. */
async function terminateWhenRunning(marker: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await adminQuery<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like $1",
      [`%${marker}%`],
    );
    if (row) {
      await adminQuery("select pg_terminate_backend($1)", [row.pid]);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no statement with ${marker} ran`);
}

/** A TCP relay to PostgreSQL that can be cut and restored, as a database that goes away and comes back. */
async function createRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((incoming) => {
        const outgoing = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on("error", () => socket.destroy());
          socket.on("close", () => sockets.delete(socket));
        }
        incoming.pipe(outgoing).pipe(incoming);
        incoming.on("close", () => outgoing.destroy());
        outgoing.on("close", () => incoming.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server?.address() as net.AddressInfo | undefined)?.port ?? port;
        resolve();
      });
    });
  await open();
  return {
    url(): string {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    /** Refuses new connections and resets the open ones. */
    async cut(): Promise<void> {
      for (const socket of sockets) socket.resetAndDestroy();
      await new Promise((resolve) => server?.close(resolve));
    },
    restore: open,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server?.listening) await new Promise((resolve) => server?.close(resolve));
    },
  };
}

describe("reads through a database restart", () => {
  it("a public read answers 200, not 500, right after every connection of the database was terminated", async () => {
    const { app } = context;
    await insertPost(context.database.db, { title: "Still readable" });
    // The pool holds open connections, which the terminations below break under it.
    const warm = await Promise.all([
      app.request("/api/posts"),
      app.request("/api/posts?page=2"),
      app.request("/api/category/getCategories"),
    ]);
    for (const response of warm) expect(response.status).toBe(200);

    for (let round = 0; round < 3; round++) {
      // Reads keep coming while every connection is terminated under them: some are running
      // when theirs dies, some take one that is already dead before this process noticed.
      const terminating = terminateOthers();
      const responses: Promise<Response>[] = [];
      for (let request = 0; request < 20; request++) {
        app.services.publicPages.reads.invalidateAll();
        responses.push(Promise.resolve(app.request(request % 2 ? "/api/posts" : "/api/category/getCategories")));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await terminating;
      const answered = await Promise.all(responses);
      expect(answered.map((response) => response.status)).toEqual(answered.map(() => 200));
      const list = (await answered[1]?.json()) as { items: { title: string }[] };
      expect(list.items.map((post) => post.title)).toContain("Still readable");
    }
  });

  it("sends a read whose connection died mid-flight once more, and never a write", async () => {
    const { db } = context.database;
    // Drizzle sends a query when it is awaited: then() starts it now.
    const read = db
      .execute(sql`select 'read-marker' as marker, pg_sleep(0.3) is null as slept`)
      .then((result) => result as unknown as { rows: { marker: string }[] });
    await terminateWhenRunning("read-marker");
    const result = await read;
    expect(result.rows[0]?.marker).toBe("read-marker");

    const write = db.execute(
      sql`update posts set title = title || '' where id = (select null::uuid /* write-marker */ from pg_sleep(0.3))`,
    );
    const failure = write.then(
      () => undefined,
      (error: unknown) => error,
    );
    await terminateWhenRunning("write-marker");
    const error = await failure;
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("a connection that dies inside a transaction fails that transaction and never crashes the process", async () => {
    const { db } = context.database;
    const outcome = db
      .transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await adminQuery("select pg_terminate_backend($1)", [rows[0]?.pid]);
        // Idle in the transaction when its backend goes: the client hears it between statements.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(await outcome).toBeInstanceOf(Error);
    // The pool carries on with fresh connections.
    expect((await context.app.request("/api/category/getCategories")).status).toBe(200);
  });

  it("answers 503 with a plain message while the database cannot be reached, and 200 once it is back", async () => {
    const relay = await createRelay(new URL(context.database.url as string));
    const config = testConfig({ DATABASE_URL: relay.url() });
    const database = await openDatabase({ dataDir: "", databaseUrl: relay.url() });
    const app = createApp({ config, database, logger: createLogger(config) });
    try {
      await insertPost(context.database.db, { title: "Behind the relay" });
      expect((await app.request("/api/posts")).status).toBe(200);

      await relay.cut();
      app.services.publicPages.reads.invalidateAll();
      const down = await app.request("/api/posts");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("1");
      expect(down.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await down.text();
      expect(JSON.parse(body)).toEqual(UNAVAILABLE);
      expect(body).not.toMatch(/select|posts|ECONN|at /i);

      await relay.restore();
      const back = await app.request("/api/posts");
      expect(back.status).toBe(200);
    } finally {
      await app.services.close();
      await database.close();
      await relay.close();
    }
  });
});
