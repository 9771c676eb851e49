import { createReadStream } from "node:fs";
import { parser } from "stream-json";
import Assembler from "stream-json/assembler.js";
import { ImportInputError } from "../model.js";

/*
 * Streams a Ghost export (`{ db: [{ meta, data: { table: [rows] } }] }`, or the inner object
 * alone) token by token, so memory holds one row at a time whatever the file's size: only the
 * export's `meta` and the rows of the tables asked for are assembled into objects.
 */

export type GhostRow = Record<string, unknown>;

export type GhostExportEvent =
  | { kind: "meta"; meta: GhostRow }
  /** A table of `data` begins (sent for every table, asked for or not, so a reader knows which exist). */
  | { kind: "table"; table: string }
  | { kind: "row"; table: string; row: GhostRow };

type Key = string | number;

/** Ghost's rows are flat (mobiledoc and lexical are strings): anything deeper is not an export. */
const MAX_DEPTH = 32;
const TOO_DEEP = "This is not a Ghost export: its JSON nests deeper than an export does.";

interface Container {
  isArray: boolean;
  /** The key of the value being read in this container (an index for an array, -1 before the first). */
  key: Key;
}

/** Where `data` and `meta` sit: under db[n] in a Labs export, at the top in a bare one. */
const exportRootDepth = (path: Key[]): number | null => {
  if (path[0] === "db" && typeof path[1] === "number") return 2;
  return typeof path[0] === "string" && path[0] !== "db" ? 0 : null;
};

const tableOf = (path: Key[]): string | null => {
  const root = exportRootDepth(path);
  if (root === null || path.length !== root + 2 || path[root] !== "data") return null;
  const table = path[root + 1];
  return typeof table === "string" ? table : null;
};

const isMeta = (path: Key[]): boolean => {
  const root = exportRootDepth(path);
  return root !== null && path.length === root + 1 && path[root] === "meta";
};

/**
 * Reads the export once, yielding its meta, each table's start and the rows of `tables`.
 * With `stopAfterTables`, it stops reading once every table asked for has been read.
 * A file that is not JSON throws ImportInputError.
 */
export async function* streamGhostExport(
  filePath: string,
  tables: ReadonlySet<string>,
  { stopAfterTables = false }: { stopAfterTables?: boolean } = {},
): AsyncGenerator<GhostExportEvent> {
  const tokens = createReadStream(filePath).pipe(parser.asStream({ streamValues: false }));
  const stack: Container[] = [];
  const tablesLeft = new Set(tables);
  let assembling: { asm: Assembler<GhostRow>; table: string | null } | null = null;
  try {
    for await (const token of tokens as AsyncIterable<parser.Token>) {
      if (assembling) {
        assembling.asm.consume(token);
        if (stack.length + assembling.asm.depth > MAX_DEPTH) throw new ImportInputError(TOO_DEEP);
        if (!assembling.asm.done) continue;
        const row = assembling.asm.current ?? {};
        const { table } = assembling;
        assembling = null;
        yield table === null ? { kind: "meta", meta: row } : { kind: "row", table, row };
        continue;
      }
      const top = stack.at(-1);
      if (token.name === "keyValue") {
        if (top) top.key = token.value;
        continue;
      }
      if (token.name === "endObject" || token.name === "endArray") {
        stack.pop();
        const table = tableOf(stack.map((container) => container.key));
        if (table !== null && token.name === "endArray" && tablesLeft.delete(table)) {
          if (stopAfterTables && tablesLeft.size === 0) return;
        }
        continue;
      }
      if (top?.isArray) top.key = (top.key as number) + 1;
      if (token.name !== "startObject" && token.name !== "startArray") continue;
      const path = stack.map((container) => container.key);
      const parentTable = tableOf(path.slice(0, -1));
      if (token.name === "startObject" && parentTable !== null && tables.has(parentTable)) {
        assembling = { asm: new Assembler<GhostRow>(), table: parentTable };
        assembling.asm.consume(token);
        continue;
      }
      if (token.name === "startObject" && isMeta(path)) {
        assembling = { asm: new Assembler<GhostRow>(), table: null };
        assembling.asm.consume(token);
        continue;
      }
      const table = tableOf(path);
      if (table !== null && token.name === "startArray") yield { kind: "table", table };
      if (stack.length >= MAX_DEPTH) throw new ImportInputError(TOO_DEEP);
      stack.push({ isArray: token.name === "startArray", key: token.name === "startArray" ? -1 : "" });
    }
  } catch (error) {
    if (error instanceof ImportInputError) throw error;
    throw new ImportInputError(`This file is not valid JSON (${(error as Error).message}).`);
  } finally {
    tokens.destroy();
  }
}
