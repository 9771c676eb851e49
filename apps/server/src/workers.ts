import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { type Config, forkedWorkerRole, WORKER_ROLE_VARIABLE, workerMallocEnvironment } from "./config";
import type { Logger } from "./logger";

/*
 * On PostgreSQL, `npm start` serves from one process per core (node:cluster, decision 017):
 * the primary migrates and seeds, then forks the workers, which share the listening port.
 * Each worker is an instance like any other: sessions and rate limits live in the database
 * (or Redis), and cache invalidations travel over the invalidation bus.
 */

/** How long a stopping process lets requests in flight finish. */
export const SHUTDOWN_TIMEOUT_MS = 8_000;
/*
 * glibc gives each thread that allocates its own 64 MB arena and keeps what it frees there;
 * two arenas hold a worker's native memory about 8 MB lower at the same speed (decision 027).
 * Fixed thresholds keep a freed block over 128 KB (a compressor's state) from staying in the
 * heap: glibc otherwise raises them after the first such block (decision 044). glibc reads
 * them when a process starts, so the primary sets them for its workers.
 */
const WORKER_ENVIRONMENT = workerMallocEnvironment();

/** Restarts within this window count towards a crash loop. */
const CRASH_WINDOW_MS = 30_000;
const MAX_CRASHES_IN_WINDOW = 5;
const RESTART_DELAY_MS = 1_000;

/** Message a worker sends its primary once it listens. */
export interface ListeningMessage {
  listening: number;
}

/** How many processes serve requests: WORKERS or one per core on PostgreSQL; PGlite and development run one. */
export function workerCount(config: Pick<Config, "databaseKind" | "workers">, development: boolean): number {
  if (development || config.databaseKind === "pglite") return 1;
  return config.workers ?? os.availableParallelism();
}

/** How many processes serve this site: the workers' count in a worker, else this one process. */
export function servingProcesses(config: Pick<Config, "databaseKind" | "workers">): number {
  return cluster.isWorker ? workerCount(config, false) : 1;
}

export function isWorkerProcess(): boolean {
  return cluster.isWorker;
}

/** The job this worker was forked for by runInWorker; undefined in a serving worker or a single process. */
export function workerRole(): string | undefined {
  return cluster.isWorker ? forkedWorkerRole() : undefined;
}

/**
 * Runs `role` in a worker of its own and waits for it to exit: the primary does work that
 * loads the app (migrations, the demo seed) without keeping the app in its own memory.
 */
export function runInWorker(role: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = cluster.fork({ ...WORKER_ENVIRONMENT, [WORKER_ROLE_VARIABLE]: role });
    worker.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${role} stopped (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** In a worker: tells the primary it listens, and stops when the primary goes away. */
export function reportListening(port: number, stop: () => void): void {
  if (!cluster.isWorker) return;
  process.send?.({ listening: port } satisfies ListeningMessage);
  process.once("disconnect", stop);
}

/**
 * Forks `count` workers and keeps them running: a worker that dies is replaced, unless they
 * keep dying (then the primary exits, as a single process would). SIGTERM and SIGINT stop
 * every worker gracefully, then the primary.
 */
export function superviseWorkers(options: {
  count: number;
  logger: Logger;
  shutdownTimeoutMs: number;
  onListening: (port: number) => void;
}): void {
  const { count, logger } = options;
  let stopping = false;
  const crashes: number[] = [];

  // Workers start one after another: each one's start-up (pg-boss creating its queues) takes
  // locks that two starting together can deadlock on.
  // What to do once a worker listens, until it does; a replacement inherits it from a worker
  // that died first, so the start-up goes on.
  const waiting = new Map<number, (port: number) => void>();
  const fork = (onListening: (port: number) => void): Worker => {
    const worker = cluster.fork(WORKER_ENVIRONMENT);
    waiting.set(worker.id, onListening);
    worker.on("message", (message: Partial<ListeningMessage>) => {
      if (typeof message?.listening !== "number") return;
      const listened = waiting.get(worker.id);
      waiting.delete(worker.id);
      listened?.(message.listening);
    });
    return worker;
  };
  const startFrom = (index: number) =>
    fork((port) => {
      if (index + 1 < count) startFrom(index + 1);
      else options.onListening(port);
    });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && (crashes[0] ?? now) < now - CRASH_WINDOW_MS) crashes.shift();
    logger.error({ pid: worker.process.pid, code, signal }, "a worker stopped; starting another");
    if (crashes.length > MAX_CRASHES_IN_WINDOW) {
      logger.fatal({ crashes: crashes.length }, "workers keep stopping; giving up");
      process.exit(1);
    }
    const unfinished = waiting.get(worker.id);
    waiting.delete(worker.id);
    setTimeout(() => {
      if (!stopping) fork(unfinished ?? (() => logger.info("a replacement worker is listening")));
    }, RESTART_DELAY_MS);
  });

  startFrom(0);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping the workers");
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exited = workers.map((worker) => new Promise<void>((resolve) => worker.once("exit", () => resolve())));
    for (const worker of workers) worker.process.kill("SIGTERM");
    const deadline = setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
    }, options.shutdownTimeoutMs + 2_000);
    void Promise.all(exited).then(() => {
      clearTimeout(deadline);
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
