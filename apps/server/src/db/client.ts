import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { DatabaseKind } from "../config";
import { SERVER_ROOT } from "../paths";
import { lockDataDir } from "./data-dir-lock";
import { migratePglite, migratePostgres } from "./migrate";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./pglite-config";
import { useNamedStatements } from "./pglite-named-statements";
import { PgliteThread } from "./pglite-remote";
import * as schema from "./schema";
import { createStatementNamer, NAMED_STATEMENTS_PER_PROCESS, withStatementName } from "./statement-names";

export type Schema = typeof schema;
/** The same Drizzle API whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Raw SQL on the same connection(s), for the job queue (pg-boss's `db` option). */
  executeSql: SqlExecutor;
  /** PGlite's WebAssembly memory in bytes; null on PostgreSQL. */
  wasmBytes(): number | null;
  /** The V8 heap of PGlite's own thread; null when it runs on the main thread, or on PostgreSQL. */
  threadHeap(): { used: number; total: number } | null;
  close(): Promise<void>;
}

/** Several statements run at once when there are no parameters, as with node-postgres. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

function pgliteExecutor(client: PGlite): SqlExecutor {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
}

/*
 * PGlite runs each statement synchronously in WebAssembly and answers in a microtask, and its
 * own lock hands the next waiting statement on in the same microtask run: under load the
 * queue drained in one long turn of the event loop, and new connections were accepted one
 * per turn (with 50 busy connections, a reader's first request waited up to 5 s). Statements
 * now take turns through this queue, one per turn of the event loop, so accepting and
 * reading requests interleave with them (issue 16, search p99).
 */
function takeTurnsPerStatement(client: PGlite): void {
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    previous = turn.catch(() => undefined);
    return turn;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => inTurn(() => query(...args))) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => inTurn(() => exec(...args))) as PGlite["exec"];
}

/** Named statements inside, turns outside: a statement's turn covers all its protocol messages. */
function prepareForServing(client: PGlite): void {
  useNamedStatements(client, createStatementNamer(NAMED_STATEMENTS_PER_PROCESS));
  takeTurnsPerStatement(client);
}

function pgliteMemoryBytes(client: PGlite): number {
  return client.Module.HEAPU8.byteLength;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/*
 * The bundled server runs PGlite on a thread of its own (decision 042); running from src/
 * (development, the CLI under tsx) it stays on the main thread, where its statements take
 * turns with the event loop.
 */
export const PGLITE_THREAD_FILE = path.join(SERVER_ROOT, "dist", "pglite-thread.js");
const RUNNING_BUNDLE = fileURLToPath(import.meta.url).startsWith(path.join(SERVER_ROOT, "dist"));

/** PGlite in `pgDataDir`, run by the bundled thread (`threadFile`); `release` runs once it is closed. */
export async function openPgliteOnThread(
  pgDataDir: string,
  release: () => void = () => undefined,
  threadFile = PGLITE_THREAD_FILE,
): Promise<DatabaseHandle> {
  // Without its database the process cannot serve: it stops, as it would if PGlite failed on the main thread.
  const thread = await PgliteThread.start(threadFile, pgDataDir, (error) => {
    console.error(error.message);
    process.exit(1);
  });
  const client = thread.asPglite();
  return {
    ...pgliteQueries(client),
    wasmBytes: () => thread.memoryUse().wasmBytes,
    threadHeap: () => {
      const { heapUsed, heapTotal } = thread.memoryUse();
      return { used: heapUsed, total: heapTotal };
    },
    async close() {
      try {
        await thread.close();
      } finally {
        release();
      }
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir);
  try {
    const pgDataDir = path.join(dataDir, "pglite");
    mkdirSync(pgDataDir, { recursive: true });
    if (RUNNING_BUNDLE) return await openPgliteOnThread(pgDataDir, () => lock.release());
    const client = await PGlite.create(pgDataDir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
    return pgliteHandle(client, async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/*
 * Connection-class failures: the server went away (restart, failover, a terminated backend)
 * or cannot be reached. SQLSTATE class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, the socket errors Node reports, and the
 * errors node-postgres raises itself when a connection ends under it. Drizzle wraps driver
 * errors (DrizzleQueryError), so the whole `cause` chain is searched.
 */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const CONNECTION_SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
];

/** True when `error` says the database could not be reached or dropped the connection (not a refusal of the query). */
export function isConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (code.length === 5 && (code.startsWith("08") || CONNECTION_SQLSTATES.has(code))) return true;
      if (CONNECTION_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause);
    // AggregateError: Node tries every address of a host name and reports each refusal.
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

const READ_RETRY_DELAY_MS = 150;
const READ_STATEMENT = /^\s*(select|with)\b/i;
// Anything that could change data or state makes the statement a write, even inside a WITH or
// a SELECT (SELECT … INTO creates a table, nextval advances a sequence, FOR UPDATE locks).
const WRITE_WORDS = /\b(insert|update|delete|merge|into|nextval|setval|pg_notify|pg_advisory\w*|lock|call|do)\b/i;

/** A plain read that may safely run twice: only these are retried. */
export function isRetryableRead(text: string): boolean {
  return READ_STATEMENT.test(text) && !WRITE_WORDS.test(text);
}

function queryText(arg: unknown): string | undefined {
  if (typeof arg === "string") return arg;
  if (arg && typeof arg === "object") {
    // A Submittable (pg.Query, a cursor) runs itself and cannot be sent again.
    if (typeof (arg as { submit?: unknown }).submit === "function") return undefined;
    const text = (arg as { text?: unknown }).text;
    if (typeof text === "string") return text;
  }
  return undefined;
}

/** How long the pool keeps a connection nobody is using (decision 038). */
const IDLE_CONNECTION_MS = 5 * 60_000;

/*
 * The pool Drizzle queries through. `pool.query` is every statement outside a transaction
 * (Drizzle runs a transaction on a client of its own from `pool.connect()`), so a read that
 * failed because its connection died (a restart, a terminated backend, a failover) is sent
 * once more, after a short pause, on a fresh connection, instead of answering 500. Writes are
 * never retried: the first attempt may have committed.
 */
class ResilientPool extends pg.Pool {
  private readonly statementName = createStatementNamer(NAMED_STATEMENTS_PER_PROCESS);

  // biome-ignore lint/suspicious/noExplicitAny: forwards pg's overloaded signatures unchanged.
  override query(...given: any[]): any {
    const args = withStatementName(given, this.statementName);
    const text = queryText(args[0]);
    const withCallback = args.some((arg) => typeof arg === "function");
    const send = () => super.query(...(args as Parameters<pg.Pool["query"]>)) as unknown as Promise<unknown>;
    const first = send();
    if (withCallback || text === undefined || !isRetryableRead(text)) return first;
    return first.catch(async (error: unknown) => {
      if (this.ending || !isConnectionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
      if (this.ending) throw error;
      return send();
    });
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Idle connections are kept for minutes, not pg-pool's 10 s: after a quiet spell a burst of
  // readers would otherwise pay for new backends and for preparing every named statement again.
  const pool = new ResilientPool({ connectionString: url, max: 10, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // A connection dropped by the server (restart, failover, a terminated backend) must never
  // crash the process. Idle ones are reported here and the pool replaces them on the next
  // query; one checked out (inside a transaction, between its statements) would emit
  // "error" with nobody listening, which Node turns into an uncaught exception: every
  // client gets a listener of its own, and the pool discards it when it is released.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on("connect", (client) => {
    client.on("error", () => {
      // Reported by the pool (idle) or by the statement that was running (checked out).
    });
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(pool),
    executeSql: (text, values) => pool.query(text, values),
    wasmBytes: () => null,
    threadHeap: () => null,
    close: () => pool.end(),
  };
}

/** Opens a PGlite database in memory: for tests that want a private, throwaway database. */
export async function openMemoryPglite(loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  const client = await PGlite.create({ ...(loadDataDir ? { loadDataDir } : {}), extensions: PGLITE_EXTENSIONS });
  return pgliteHandle(client, () => client.close());
}

/** The handle of a PGlite running on this thread; `close` also frees what the caller holds. */
function pgliteHandle(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  prepareForServing(client);
  return {
    ...pgliteQueries(client),
    wasmBytes: () => pgliteMemoryBytes(client),
    threadHeap: () => null,
    close,
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** What every PGlite handle, on this thread or another, queries and migrates with. */
function pgliteQueries(client: PGlite) {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: "pglite" as const,
    migrate: () => migratePglite(client),
    executeSql: pgliteExecutor(client),
  };
}
