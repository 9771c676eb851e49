import v8 from "node:v8";
import { type Config, loadConfig } from "./config";
import { createLogger, type Logger } from "./logger";
import {
  isWorkerProcess,
  runInWorker,
  SHUTDOWN_TIMEOUT_MS,
  superviseWorkers,
  workerCount,
  workerRole,
} from "./workers";

const PREPARE_DATABASE = "prepare-database";

/*
 * Starts the web server; `development` serves pages through Vite with HMR. On PostgreSQL
 * this process becomes the primary of one worker per core (workers.ts). The primary loads
 * none of the app: a short-lived worker migrates and seeds, then the serving workers start,
 * so the primary stays a supervisor of a few tens of megabytes.
 */
export async function startServer(development: boolean): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  if (workerRole() === PREPARE_DATABASE) {
    await prepareDatabase(config, logger);
    process.exit(0);
  }
  const workers = workerCount(config, development);
  if (workers > 1 && !isWorkerProcess()) {
    await runInWorker(PREPARE_DATABASE);
    superviseWorkers({
      count: workers,
      logger,
      shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
      onListening: (port) =>
        console.log(
          `Broadsheet is listening on port ${port} with ${workers} workers (database: ${config.databaseKind}); open ${config.publicUrl}`,
        ),
    });
    return;
  }
  if (config.databaseKind === "pglite") compileWebAssemblyOnceOptimised();
  const { serveRequests } = await import("./serve-requests");
  await serveRequests(config, logger, development);
}

/*
 * PGlite is 9 MB of WebAssembly. V8 compiles it twice by default (a quick baseline, then the
 * hot functions optimised) and keeps about 50 MB of native memory for it; compiled once,
 * optimised, it takes a second longer to start and runs queries as fast (decision 027).
 */
function compileWebAssemblyOnceOptimised(): void {
  v8.setFlagsFromString("--no-liftoff");
}

/** The schema up to date and, if asked, the demo content, before any serving worker starts. */
async function prepareDatabase(config: Config, logger: Logger): Promise<void> {
  const { openMigratedDatabase } = await import("./boot");
  const database = await openMigratedDatabase(config, logger);
  try {
    const { hasAnyPost, printDemoAccounts, seedDemoContent, DEMO_POST_COUNT } = await import("./seed/demo-seed");
    if (config.seedDemo && !(await hasAnyPost(database.db))) {
      const { createApp } = await import("./app");
      const app = createApp({ config, database, logger });
      printDemoAccounts(await seedDemoContent(database.db, app.services, { posts: DEMO_POST_COUNT }));
      await app.services.close();
    }
  } finally {
    await database.close();
  }
}
