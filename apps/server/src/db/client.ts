import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { DatabaseKind } from "../config";
import { lockDataDir } from "./data-dir-lock";
import { migratePglite, migratePostgres } from "./migrate";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The same Drizzle API whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

/*
 * PostgreSQL's default 128 MB of shared buffers all become resident in PGlite's WebAssembly
 * memory; 32 MB holds the hot pages of a large magazine, and the rest is read from the OS
 * page cache. The app's own read cache keeps repeated reads off the database anyway.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** Extensions the migrations create; PGlite can only create those loaded when it starts. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir);
  try {
    const pgDataDir = path.join(dataDir, "pglite");
    mkdirSync(pgDataDir, { recursive: true });
    const client = await PGlite.create(pgDataDir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(client),
      async close() {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: "postgres", migrate: () => migratePostgres(pool), close: () => pool.end() };
}

/** Opens a PGlite database in memory: for tests that want a private, throwaway database. */
export async function openMemoryPglite(loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const client = await PGlite.create({ ...(loadDataDir ? { loadDataDir } : {}), extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: "pglite", migrate: () => migratePglite(client), close: () => client.close() };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
