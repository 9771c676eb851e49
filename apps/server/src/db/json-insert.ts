import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/*
 * Many rows in one statement with one parameter: the rows as a JSON array, turned into the
 * table's row type by json_populate_recordset (decision 069). Drizzle's multi-row insert
 * builds a statement of one parameter per value, which cost the importer a quarter of its CPU
 * (200 posts of 25 columns a batch); this costs one JSON.stringify, and its SQL text is the
 * same for every batch. Only the columns the rows give are written, so the others keep their
 * defaults (and a generated column is computed as ever).
 */

/** JSON texts PostgreSQL refuses: a lone surrogate (kept by JSON.stringify as \udXXX) becomes U+FFFD, as a parameter's would. */
function wellFormed(_key: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value as string & { isWellFormed(): boolean; toWellFormed(): string };
  return text.isWellFormed() ? value : text.toWellFormed();
}

/**
 * Inserts rows (the table's insert objects, as Drizzle takes them) with one statement per set of
 * columns given; `then` follows the insert (an ON CONFLICT clause).
 */
export async function insertAsJson<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: readonly Table["$inferInsert"][],
  then: SQL = sql``,
): Promise<void> {
  const columns = getTableColumns(table);
  const groups = new Map<string, { names: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows as readonly Record<string, unknown>[]) {
    const out: Record<string, unknown> = {};
    const names: string[] = [];
    for (const [key, value] of Object.entries(row)) {
      const column = columns[key];
      if (value === undefined || !column) continue;
      names.push(column.name);
      out[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    const signature = names.join(",");
    const group = groups.get(signature) ?? { names, rows: [] };
    group.rows.push(out);
    groups.set(signature, group);
  }
  for (const group of groups.values()) {
    const list = sql.raw(group.names.map((name) => `"${name}"`).join(", "));
    const json = JSON.stringify(group.rows, wellFormed);
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json) ${then}`,
    );
  }
}
