import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePgliteDb } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../paths";

// Any constant works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 727_274_001;

export async function migratePglite(client: PGlite): Promise<void> {
  await migratePgliteDb(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
}

/** Several instances starting at once take turns on a session advisory lock. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
