import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServingDatabase } from "./boot";
import { parseConfig } from "./config";
import { type DatabaseHandle, openDatabase, selectRows } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { createLogger } from "./logger";

/*
 * Decision 046: on PGlite the server migrates and gathers statistics in an instance of its
 * own, closed before the serving one opens (ANALYZE's memory stays with the first).
 */
let dataDir: string;
let serving: DatabaseHandle;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "boot-"));
  const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  serving = await openServingDatabase(config, createLogger(config));
});
afterAll(async () => {
  await serving?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the database a PGlite server keeps open", () => {
  it("has the schema migrated and every table analyzed", async () => {
    const tables = await selectRows<{ relname: string; reltuples: number }>(
      serving.db,
      sql`select relname, reltuples from pg_class where relname in ('posts', 'users', 'categories') order by relname`,
    );
    // reltuples is -1 until a table is first analyzed (or vacuumed).
    expect(tables).toEqual([
      { relname: "categories", reltuples: 0 },
      { relname: "posts", reltuples: 0 },
      { relname: "users", reltuples: 0 },
    ]);
  });

  it("is the only instance open on the data directory: the one that migrated was closed", async () => {
    await expect(openDatabase({ dataDir, databaseUrl: undefined })).rejects.toBeInstanceOf(DataDirLockedError);
    const [answer] = await selectRows<{ one: number }>(serving.db, sql`select 1 as one`);
    expect(answer?.one).toBe(1);
  });
});
