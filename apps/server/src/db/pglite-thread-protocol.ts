import type { PGliteOptions } from "@electric-sql/pglite";

/** Messages between the server and its PGlite thread (pglite-thread.ts, pglite-remote.ts). */

export interface ThreadStart {
  /** PGlite's data directory (the server's DATA_DIR/pglite). */
  dataDir: string;
  /** PostgreSQL's WebAssembly, compiled once per process (a thread after the first starts sooner). */
  wasmModule: NonNullable<PGliteOptions["pgliteWasmModule"]>;
}

export type ThreadRequest = {
  id: number;
  /** The open transaction the statement runs in; none: on its own. */
  tx?: number;
} & (
  | {
      op: "query";
      text: string;
      params: unknown[] | undefined;
      rowMode?: "array" | "object";
      /** Types whose values stay text (Drizzle's parsers for dates): functions cannot be sent. */
      textTypes?: number[];
    }
  | { op: "exec"; text: string }
  | { op: "begin" }
  | { op: "end"; commit: boolean }
  | { op: "close" }
);

/** An error as PostgreSQL reported it: what the services read (code, constraint) survives the trip. */
export interface WireError {
  message: string;
  name?: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
}

/** The thread's memory, sent with its answers (at most once a second). */
export interface ThreadMemory {
  wasmBytes: number;
  heapUsed: number;
  heapTotal: number;
}

export type ThreadReply =
  | { id: number; ok: true; result: unknown; memory?: ThreadMemory }
  | { id: number; ok: false; error: WireError };
