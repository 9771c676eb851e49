import { createApp } from "./app";
import { openServingDatabase } from "./boot";
import type { Config } from "./config";
import { openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { serveCachedPages } from "./http/cached-page-listener";
import { loadBuiltPages, WEB_CLIENT_DIR } from "./http/pages";
import type { Logger } from "./logger";
import { DEMO_POST_COUNT, hasAnyPost, printDemoAccounts, seedDemoContent } from "./seed/demo-seed";
import { closeHttpServer, createHttpServer, listen } from "./server";
import { isWorkerProcess, reportListening, SHUTDOWN_TIMEOUT_MS } from "./workers";

const pgliteOneProcess = (onThread: boolean) =>
  `One process: PGlite is embedded in it${onThread ? ", on a thread of its own" : ""} (WORKERS applies to PostgreSQL; set DATABASE_URL for one worker per core).`;

/** One instance: the database, the app and the HTTP server, until SIGTERM or SIGINT. */
export async function serveRequests(config: Config, logger: Logger, development: boolean): Promise<void> {
  const worker = isWorkerProcess();
  let database: Awaited<ReturnType<typeof openServingDatabase>>;
  try {
    // A worker's primary has migrated already.
    database = worker
      ? await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
      : await openServingDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const dev = development ? await (await import("./http/dev-pages")).startDevPages() : undefined;
  const pages = dev ? { render: dev.render } : { render: await loadBuiltPages(), clientDir: WEB_CLIENT_DIR };
  const app = createApp({ config, database, logger, pages });
  // Development serves through Vite; production answers cached pages before Hono.
  const server = createHttpServer(app, dev?.middleware ?? serveCachedPages(app.services.publicPages.cache));

  // An empty embedded database gets the demo magazine, so `npm start` shows a real site.
  if (!worker && config.seedDemo && !(await hasAnyPost(database.db))) {
    printDemoAccounts(await seedDemoContent(database.db, app.services, { posts: DEMO_POST_COUNT }));
  }

  // Scheduled posts go live and reset mails leave from here, on every instance; pg-boss gives each job to one of them.
  await app.services.jobs.start(app.services.jobHandlers);

  const port = await listen(server, config.port, config.host);
  logger.info(
    { port, database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    "Broadsheet is listening",
  );
  if (!worker) {
    console.log(`Broadsheet is listening on port ${port} (database: ${database.kind}); open ${config.publicUrl}`);
    if (database.kind === "pglite") console.log(pgliteOneProcess(database.threadHeap() !== null));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await closeHttpServer(server, SHUTDOWN_TIMEOUT_MS);
    await dev?.close();
    await app.services.close();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  reportListening(port, () => void stop("disconnect"));
}
