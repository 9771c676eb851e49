import { sql } from "drizzle-orm";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import type { Logger } from "./logger";

/** Opens the configured database and brings its schema up to date: every entry point starts here. */
export async function openMigratedDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const started = performance.now();
    await database.migrate();
    // PGlite runs no autovacuum daemon: without fresh statistics the planner ignores the list indexes.
    if (database.kind === "pglite") await database.db.execute(sql`analyze`);
    logger.debug({ ms: Math.round(performance.now() - started) }, "migrations applied");
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The database a server keeps open. On PGlite, migrations and ANALYZE run in an instance of
 * their own, closed before the serving one opens: PGlite's WebAssembly memory never shrinks,
 * and ANALYZE's sample of a large site touched 30 MB of it for good (decision 046).
 */
export async function openServingDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openMigratedDatabase(config, logger);
  await (await openMigratedDatabase(config, logger)).close();
  return openDatabase({ dataDir: config.dataDir, databaseUrl: undefined });
}
