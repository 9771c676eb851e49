import { openMigratedDatabase } from "../boot";
import { loadConfig } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createLogger } from "../logger";

/** `npm run db:migrate`: applies the committed migrations to the configured database. */
const config = loadConfig();
try {
  const database = await openMigratedDatabase(config, createLogger(config));
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
