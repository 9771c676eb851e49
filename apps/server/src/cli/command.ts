import { openMigratedDatabase } from "../boot";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { createServices, type Services } from "../services";

/*
 * What every CLI command does around its work: the configured database, migrated (on PGlite
 * refused while the server holds it, db/data-dir-lock.ts), the app's services, both closed after;
 * logs go to stderr, so stdout carries only what the command prints (an export, a report).
 */
export async function withServices<T>(work: (services: Services, database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const logger = createLogger({ ...config, logLevel: "warn" }, { toStderr: true });
  const database = await openMigratedDatabase(config, logger);
  const services = createServices({ config, database, logger });
  try {
    return await work(services, database);
  } finally {
    await services.close();
    await database.close();
  }
}

/** Runs a command's main: a failure prints its one-line reason and exits non-zero. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
