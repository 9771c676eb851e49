import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPgliteOnThread, PGLITE_THREAD_FILE, selectRows } from "./client";

/*
 * Decision 042: the bundled server runs PGlite on a worker thread. The thread is the built
 * dist/pglite-thread.js (`npm test` builds first), driven here through Drizzle as the app does.
 */
const notes = pgTable("notes", {
  id: integer("id").primaryKey(),
  body: text("body").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

/** The PostgreSQL error under Drizzle's wrapping, as the services' pg-errors read it. */
function databaseCause(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  while (current && current.code === undefined) current = current.cause as typeof current;
  return current;
}

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  if (!existsSync(PGLITE_THREAD_FILE)) throw new Error(`build the server first: ${PGLITE_THREAD_FILE} is missing`);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
  database = await openPgliteOnThread(dataDir);
  await database.executeSql(
    "create table notes (id int primary key, body text not null, at timestamptz not null); create unique index notes_body_unique on notes (body)",
  );
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite on its own thread (decision 042)", () => {
  it("answers Drizzle's statements, dates and all", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    await database.db.insert(notes).values({ id: 1, body: "first", at });
    const [row] = await database.db.select().from(notes).where(eq(notes.id, 1));
    expect(row).toEqual({ id: 1, body: "first", at });
    expect(database.wasmBytes()).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect(database.threadHeap()?.used).toBeGreaterThan(0);
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, body: "kept", at: new Date() });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: "dropped", at: new Date() });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const bodies = await selectRows<{ body: string }>(database.db, sql`select body from notes order by id`);
    expect(bodies.map((row) => row.body)).toEqual(["first", "kept"]);
  });

  it("keeps what the services read of a database error: its code and constraint", async () => {
    const error = await database.db
      .insert(notes)
      .values({ id: 9, body: "first", at: new Date() })
      .catch((caught: unknown) => caught);
    expect(databaseCause(error)).toMatchObject({ code: "23505", constraint: "notes_body_unique" });
  });

  it("holds a statement from outside an open transaction until it ends", async () => {
    let outsideAnswered = false;
    let outside: Promise<{ n: number }[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 4, body: "inside", at: new Date() });
      outside = selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from notes`).then((rows) => {
        outsideAnswered = true;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideAnswered).toBe(false);
    });
    expect(await outside).toEqual([{ n: 3 }]);
  });

  it("refuses statements once closed", async () => {
    const other = await openPgliteOnThread(mkdtempSync(path.join(os.tmpdir(), "pglite-thread-closed-")));
    await other.close();
    await expect(other.executeSql("select 1")).rejects.toThrow(/PGlite thread stopped/);
  });
});
