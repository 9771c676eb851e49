import { parseArgs } from "node:util";
import { openMigratedDatabase } from "../boot";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { printDemoAccounts, seedDemoContent } from "../seed/demo-seed";
import { createServices } from "../services";

/** `npm run seed [-- --posts N]`: adds demo content to the configured database. */
const { values } = parseArgs({ options: { posts: { type: "string", default: "80" } } });
const count = Number(values.posts);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error("--posts must be a whole number from 1 to 1000000");
  process.exit(1);
}
const config = loadConfig();
const logger = createLogger({ ...config, logLevel: "warn" });
try {
  const database = await openMigratedDatabase(config, logger);
  const services = createServices({ config, database, logger });
  const started = performance.now();
  const result = await seedDemoContent(database.db, services, { posts: count });
  await services.close();
  await database.close();
  printDemoAccounts(result);
  console.log(
    `Seeded ${result.posts} posts in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind}).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
