import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./pglite-config";
import { useNamedStatements } from "./pglite-named-statements";
import type { ThreadMemory, ThreadReply, ThreadRequest, ThreadStart, WireError } from "./pglite-thread-protocol";
import { createStatementNamer, NAMED_STATEMENTS_PER_PROCESS } from "./statement-names";

/*
 * The thread that owns the server's PGlite (pglite-remote.ts is the other side, decision 042).
 * Requests arrive in order and each statement runs to its end before the next message is
 * read; a transaction holds PGlite's own lock, so statements from outside it wait as they
 * would in one thread.
 */

const port = parentPort;
if (!port) throw new Error("pglite-thread runs as a worker thread");
const { dataDir, wasmModule } = workerData as ThreadStart;

const client = await PGlite.create(dataDir, {
  startParams: PGLITE_START_PARAMS,
  extensions: PGLITE_EXTENSIONS,
  pgliteWasmModule: wasmModule,
});
useNamedStatements(client, createStatementNamer(NAMED_STATEMENTS_PER_PROCESS));

/** Open transactions: what runs inside each, and how to end it (commit: resolve; roll back: reject). */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
let nextTransaction = 1;
const ROLLED_BACK = new Error("rolled back by the server");

/** Drizzle's parsers keep dates as text; only parsers that return their input can cross threads. */
const keepAsText = (value: string) => value;
function queryOptions(request: { rowMode?: "array" | "object"; textTypes?: number[] }): QueryOptions {
  const parsers = Object.fromEntries((request.textTypes ?? []).map((type) => [type, keepAsText]));
  return { rowMode: request.rowMode ?? "object", parsers };
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & Record<string, unknown>;
  const copied: WireError = { message: error.message, name: error.name };
  for (const key of ["code", "detail", "hint", "constraint", "table", "column", "schema", "severity"] as const) {
    if (typeof fields[key] === "string") copied[key] = fields[key];
  }
  return copied;
}

function plain<T>(results: Results<T>): Results<T> {
  return { rows: results.rows, fields: results.fields, affectedRows: results.affectedRows };
}

async function answer(request: ThreadRequest): Promise<unknown> {
  const target = request.tx === undefined ? client : transactions.get(request.tx)?.tx;
  if (!target) throw new Error(`no open transaction ${request.tx}`);
  switch (request.op) {
    case "query":
      return plain(await target.query(request.text, request.params, queryOptions(request)));
    case "exec":
      return (await target.exec(request.text)).map(plain);
    case "begin": {
      const id = nextTransaction++;
      let opened!: () => void;
      const open = new Promise<void>((resolve) => {
        opened = resolve;
      });
      const done = client.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLED_BACK)), done });
            opened();
          }),
      );
      // A transaction whose start failed rejects before it opened.
      await Promise.race([open, done]);
      return id;
    }
    case "end": {
      const open = transactions.get(request.tx ?? -1);
      if (!open) throw new Error(`no open transaction ${request.tx}`);
      transactions.delete(request.tx ?? -1);
      open.end(request.commit === true);
      try {
        await open.done;
      } catch (error) {
        if (error !== ROLLED_BACK) throw error;
      }
      return null;
    }
    case "close":
      await client.close();
      return null;
  }
}

/** PGlite's WebAssembly memory (none once closed) and this thread's heap, measured at most once a second. */
let lastMeasured = 0;
function memory(): ThreadMemory | undefined {
  const now = Date.now();
  if (now - lastMeasured < 1000) return undefined;
  lastMeasured = now;
  const heap = v8.getHeapStatistics();
  return {
    wasmBytes: client.closed ? 0 : client.Module.HEAPU8.byteLength,
    heapUsed: heap.used_heap_size,
    heapTotal: heap.total_heap_size,
  };
}

port.on("message", (request: ThreadRequest) => {
  answer(request).then(
    (result) =>
      port.postMessage({
        id: request.id,
        ok: true,
        result,
        memory: memory(),
      } satisfies ThreadReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: wireError(error) } satisfies ThreadReply),
  );
});
port.postMessage({ id: 0, ok: true, result: null, memory: memory() } satisfies ThreadReply);
