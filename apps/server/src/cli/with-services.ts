import { openMigratedDatabase } from "../boot";
import { loadConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { createServices, type Services } from "../services";

/** Runs a command's work with the configured database migrated and the services wired, closing both after. */
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
