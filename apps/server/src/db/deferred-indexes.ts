import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import type { DatabaseKind } from "../config";
import type { Database } from "./client";

/*
 * The posts' search indexes, which a large import drops before it writes and builds again at its
 * end (decision 069): a GIN index grown row by row costs the import more than everything else,
 * and CREATE INDEX over the whole table costs a fraction of it. These are the migrations' own
 * definitions (0000_init.sql, 0003_list_indexes_ascending.sql; the schema in schema/posts/posts.ts);
 * deferred-indexes.test.ts checks that what they build is what the migrations build.
 *
 * Crash-safe: whatever stops an import, the indexes come back through `ensureDeferredIndexes`
 * (idempotent, CREATE INDEX IF NOT EXISTS, not CONCURRENTLY so a killed build leaves nothing half
 * made) at the end of every import run (success or failure), at the start of a small import, and
 * in the imports sweep (every server start and every minute) when no import is waiting. While
 * they are missing, site search still answers, by reading the table (slower).
 */
export const DEFERRED_POST_INDEXES: readonly { name: string; create: SQL }[] = [
  {
    name: "posts_search_idx",
    create: sql`CREATE INDEX IF NOT EXISTS "posts_search_idx" ON "posts" USING gin ("search")`,
  },
  {
    name: "posts_title_trgm_idx",
    create: sql`CREATE INDEX IF NOT EXISTS "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops)`,
  },
];

/** A session advisory lock held by the import that dropped the indexes; any constant works. */
const DEFERRED_INDEXES_LOCK = 727_274_069;

/**
 * Memory for one index build. PostgreSQL's backends are not the importing process, so they get
 * room; PGlite's WebAssembly memory never shrinks and is the process's own (its 300 MB bound).
 */
const BUILD_MEMORY: Record<DatabaseKind, string> = { postgres: "256MB", pglite: "16MB" };

/** Databases on which this process holds the deferral (PGlite: one connection, so no lock can tell). */
const deferringHere = new WeakSet<Database>();

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export async function missingDeferredIndexes(db: Database): Promise<string[]> {
  const names = DEFERRED_POST_INDEXES.map((index) => index.name);
  const present = await rowsOf<{ indexname: string }>(
    db,
    sql`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'posts'`,
  );
  const have = new Set(present.map((row) => row.indexname));
  return names.filter((name) => !have.has(name));
}

async function build(db: Database, kind: DatabaseKind, missing: readonly string[]): Promise<void> {
  for (const index of DEFERRED_POST_INDEXES) {
    if (!missing.includes(index.name)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${BUILD_MEMORY[kind]}'`));
      await tx.execute(index.create);
    });
  }
}

/** The pool under a PostgreSQL handle's Drizzle database (a session lock needs one connection held). */
function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

export interface IndexDeferral {
  /** Builds the dropped indexes again and lets others build them. */
  finish(): Promise<void>;
}

/**
 * Drops the deferred indexes for a bulk load, holding a lock that keeps the sweep (of this or
 * another process) from building them meanwhile. Null when another import holds it already: that
 * one builds them at its end.
 */
export async function deferIndexes(db: Database, kind: DatabaseKind): Promise<IndexDeferral | null> {
  const release = await takeDeferral(db, kind);
  if (!release) return null;
  try {
    for (const index of DEFERRED_POST_INDEXES) await db.execute(sql.raw(`drop index if exists "${index.name}"`));
  } catch (error) {
    await release();
    throw error;
  }
  return {
    async finish() {
      try {
        await build(db, kind, await missingDeferredIndexes(db));
      } finally {
        await release();
      }
    },
  };
}

/**
 * Builds whichever deferred index is missing (a killed import's), unless an import holding the
 * deferral is running; answers the names built.
 */
export async function ensureDeferredIndexes(db: Database, kind: DatabaseKind): Promise<string[]> {
  const missing = await missingDeferredIndexes(db);
  if (missing.length === 0) return [];
  const release = await takeDeferral(db, kind);
  if (!release) return [];
  try {
    const still = await missingDeferredIndexes(db);
    await build(db, kind, still);
    return still;
  } finally {
    await release();
  }
}

/** The deferral's lock (a session advisory lock on PostgreSQL): answers its release, or null when held elsewhere. */
async function takeDeferral(db: Database, kind: DatabaseKind): Promise<(() => Promise<void>) | null> {
  if (kind === "pglite") {
    if (deferringHere.has(db)) return null;
    deferringHere.add(db);
    return async () => {
      deferringHere.delete(db);
    };
  }
  const client = await poolOf(db).connect();
  const [row] = (
    await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [DEFERRED_INDEXES_LOCK])
  ).rows;
  if (!row?.locked) {
    client.release();
    return null;
  }
  return async () => {
    await client.query("select pg_advisory_unlock($1)", [DEFERRED_INDEXES_LOCK]).catch(() => undefined);
    client.release();
  };
}
