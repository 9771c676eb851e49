import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { inject } from "vitest";
import { postgresUrlFor } from "./postgres-urls";
import type { TestDatabaseKind } from "./test-database";

/*
 * The production build (apps/server/dist/main.js) in a child process, on a fresh database
 * of the current test project's engine with the demo content seeded: for tests that must
 * see exactly what a deployment serves, over real HTTP.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const MAIN = path.join(REPO_ROOT, "apps/server/dist/main.js");
const USER_CREATE = path.join(REPO_ROOT, "apps/server/dist/cli/user-create.js");
const START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_LIMIT = 256 * 1024;

const execFileAsync = promisify(execFile);

export interface Account {
  email: string;
  name: string;
  role: "user" | "editor" | "admin";
  password: string;
}

export interface ProductionServer {
  /** http://127.0.0.1:<port> */
  url: string;
  kind: TestDatabaseKind;
  /** The server's process (with WORKERS > 1, the primary). */
  pid: number;
  /** Whether the process is still running. */
  isAlive(): boolean;
  /** Resolves with the process's exit code (null when a signal ended it) once it has exited. */
  exited(): Promise<number | null>;
  /** What the process wrote to stdout and stderr (the last 256 KB of each). */
  output(): { stdout: string; stderr: string };
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A copy of the environment without anything that would point the server elsewhere. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "SMTP_URL",
    "DATA_DIR",
    "PORT",
    "HOST",
    "PUBLIC_URL",
    "TRUST_PROXY",
  ]) {
    delete env[name];
  }
  return { ...env, NODE_ENV: "production", ...extra };
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the built server on a fresh database (PGlite: a temporary DATA_DIR; PostgreSQL: a
 * clone of the migrated template) with the demo content, after creating `accounts` with
 * the user-create CLI. Resolves once GET /api/health answers 200.
 */
export async function startProductionServer(options: {
  kind: TestDatabaseKind;
  accounts: Account[];
  env?: Record<string, string>;
}): Promise<ProductionServer> {
  if (!existsSync(MAIN) || !existsSync(USER_CREATE)) {
    throw new Error(
      `The production build is missing (${path.relative(REPO_ROOT, MAIN)}): run \`npm run build\` first (\`npm test\` builds when the build is stale).`,
    );
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const cleanups: (() => Promise<void> | void)[] = [];
  const database: Record<string, string> = {};

  if (options.kind === "pglite") {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-prod-"));
    database.DATA_DIR = dataDir;
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres test project");
    const name = `${inject("postgresPrefix")}_prod_${randomBytes(4).toString("hex")}`;
    await withPostgres(adminUrl, (client) =>
      client.query(`create database "${name}" template "${inject("postgresTemplate")}"`),
    );
    database.DATABASE_URL = postgresUrlFor(adminUrl, name);
    cleanups.push(() =>
      withPostgres(adminUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
    );
  }

  const env = cleanEnvironment({
    ...database,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ...options.env,
  });
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    // Before the server starts: on PGlite the CLI cannot open a data directory the server holds.
    for (const account of options.accounts) {
      const args = ["--email", account.email, "--name", account.name, "--role", account.role];
      await execFileAsync(process.execPath, [USER_CREATE, ...args, "--password", account.password], {
        env,
        timeout: 60_000,
      });
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const child = spawn(process.execPath, ["--max-old-space-size=512", "--max-semi-space-size=4", MAIN], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    output[stream] = (output[stream] + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", keep("stdout"));
  child.stderr?.on("data", keep("stderr"));
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exited = true;
      resolve(code);
    }),
  );

  const server: ProductionServer = {
    url,
    kind: options.kind,
    pid: child.pid ?? 0,
    isAlive: () => !exited,
    exited: () => exit,
    output: () => ({ ...output }),
    async stop() {
      await stopChild(child, exit, () => exited);
      await cleanUp();
    },
  };

  try {
    await waitForHealth(url, () => exited);
  } catch (error) {
    await server.stop();
    const detail = `\n--- server stdout ---\n${output.stdout}\n--- server stderr ---\n${output.stderr}`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}${detail}`);
  }
  return server;
}

async function waitForHealth(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error("The server exited before it answered /api/health");
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM, then SIGKILL if it is still running after a grace period. */
async function stopChild(child: ChildProcess, exit: Promise<unknown>, exited: () => boolean): Promise<void> {
  if (exited()) return;
  child.kill("SIGTERM");
  const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), STOP_GRACE_MS));
  if ((await Promise.race([exit, timer])) === "timeout" && !exited()) {
    child.kill("SIGKILL");
    await exit;
  }
}
