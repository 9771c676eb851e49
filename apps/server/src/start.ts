import { createApp } from "./app";
import { openMigratedDatabase } from "./boot";
import { loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { serveCachedPages } from "./http/cached-page-listener";
import { loadBuiltPages, WEB_CLIENT_DIR } from "./http/pages";
import { createLogger } from "./logger";
import { hasAnyPost, printDemoAccounts, seedDemoContent } from "./seed/demo-seed";
import { closeHttpServer, createHttpServer, listen } from "./server";
import { PUBLISH_DUE_POSTS } from "./services/job-queue";

const SHUTDOWN_TIMEOUT_MS = 8_000;
const DEMO_POST_COUNT = 80;

/** Starts the web server; `development` serves pages through Vite with HMR. */
export async function startServer(development: boolean): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);

  let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
  try {
    database = await openMigratedDatabase(config, logger);
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
  if (config.seedDemo && !(await hasAnyPost(database.db))) {
    printDemoAccounts(await seedDemoContent(database.db, app.services, { posts: DEMO_POST_COUNT }));
  }

  // Scheduled posts go live from here, on every instance; pg-boss gives each due job to one of them.
  await app.services.jobs.start({ [PUBLISH_DUE_POSTS]: () => app.services.posts.publishDuePosts() });

  const port = await listen(server, config.port, config.host);
  logger.info(
    { port, database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    "Broadsheet is listening",
  );
  console.log(`Broadsheet is listening on port ${port} (database: ${database.kind}); open ${config.publicUrl}`);

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
}
