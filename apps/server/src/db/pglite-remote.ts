import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, PGliteOptions, QueryOptions, Results } from "@electric-sql/pglite";
import type { ThreadMemory, ThreadReply, ThreadRequest, ThreadStart, WireError } from "./pglite-thread-protocol";

/*
 * The server's PGlite, run on a worker thread of its own (pglite-thread.ts, decision 042):
 * PostgreSQL's WebAssembly no longer holds the event loop that parses requests and writes
 * answers, so a process uses a second core. Offers the part of PGlite's API the app and
 * Drizzle use: query, exec, transaction, close.
 */

/*
 * The thread's own V8 heap holds PGlite's JavaScript and each answer until it is sent: a small
 * young generation keeps it from growing in step with the main thread's (the process's RSS
 * bound, issue 16).
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 2 };

type WasmModule = NonNullable<PGliteOptions["pgliteWasmModule"]>;
/** Node's global; the project's type libraries (ES2023, Node) declare its types, not it. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

let compiling: Promise<WasmModule> | undefined;

/**
 * PGlite's WebAssembly, compiled on the first call: a module sent to a thread is shared, not
 * compiled again, so the instance that migrates and the one that serves compile it once.
 */
function compiledPglite(): Promise<WasmModule> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm");
  compiling ??= readFile(file).then((bytes) => WebAssembly.compile(bytes));
  return compiling;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

/** A statement that runs inside one transaction, as PGlite's Transaction offers it to Drizzle. */
export interface RemoteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

function errorFrom(wire: WireError): Error {
  const { message, name, ...fields } = wire;
  const error = Object.assign(new Error(message), fields);
  if (name) error.name = name;
  return error;
}

/** Drizzle's per-statement parsers keep date types as text: sent as those types' numbers. */
function textTypesOf(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  const probe = "2024-01-02 03:04:05+00";
  return Object.entries(parsers).map(([type, parser]) => {
    if (parser(probe, Number(type)) !== probe)
      throw new Error("only parsers that keep the text can reach the PGlite thread");
    return Number(type);
  });
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private memory: ThreadMemory = { wasmBytes: 0, heapUsed: 0, heapTotal: 0 };
  private failure: Error | undefined;

  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onUnexpectedStop: (error: Error) => void,
  ) {
    worker.on("message", (reply: ThreadReply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => {
      const error = new Error(`the PGlite thread stopped (exit code ${code})`);
      this.fail(error);
      if (!this.closing) onUnexpectedStop(error);
    });
  }

  /**
   * Starts the thread on `dataDir` and waits for PGlite to be open. `onUnexpectedStop` runs if
   * the thread ends without close(): the database is gone, and every statement fails.
   */
  static async start(file: string, dataDir: string, onUnexpectedStop: (error: Error) => void): Promise<PgliteThread> {
    const workerData: ThreadStart = { dataDir, wasmModule: await compiledPglite() };
    const worker = new Worker(file, { workerData, resourceLimits: THREAD_HEAP });
    const thread = new PgliteThread(worker, onUnexpectedStop);
    return new Promise((resolve, reject) => {
      thread.pending.set(0, { resolve: () => resolve(thread), reject });
    });
  }

  private settle(reply: ThreadReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.ok) {
      if (reply.memory) this.memory = reply.memory;
      waiting.resolve(reply.result);
    } else {
      waiting.reject(errorFrom(reply.error));
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private send<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private runQuery<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    if (options?.blob || options?.serializers) throw new Error("blobs and serializers cannot reach the PGlite thread");
    return this.send<Results<T>>({
      op: "query",
      tx,
      text,
      params,
      rowMode: options?.rowMode,
      textTypes: textTypesOf(options),
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.send({ op: "exec", text });
  }

  /** Runs `run` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(run: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const tx = await this.send<number>({ op: "begin" });
    let result: T;
    try {
      result = await run({
        query: (text, params, options) => this.runQuery(tx, text, params, options),
        exec: (text) => this.send({ op: "exec", tx, text }),
      });
    } catch (error) {
      // The caller's error is the one to report, even if ending the transaction failed too.
      await this.send({ op: "end", tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: "end", tx, commit: true });
    return result;
  }

  /** PGlite's WebAssembly memory and the thread's V8 heap, as of the last second's answers. */
  memoryUse(): ThreadMemory {
    return this.memory;
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.send({ op: "close" });
    } finally {
      await this.worker.terminate();
    }
  }

  /** For Drizzle and the migrator, which take a PGlite: the same calls, answered by the thread. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
