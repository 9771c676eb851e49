import { redirectKey } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertAsJson } from "../db/json-insert";
import { redirects } from "../db/schema";

/*
 * The imported site's old addresses, written into `redirects` (origin "import") inside the
 * transaction of the entries they lead to, so a post and its old addresses appear together;
 * the redirects service's own record() writes outside any transaction, so it is not used here.
 * The lookup is told once, at the end of the run (REDIRECTS_TAG).
 */

// Well under PostgreSQL's 65 535 parameters per statement.
const ROWS_PER_INSERT = 1000;

export interface OldPathRedirect {
  fromPath: string;
  toPath: string;
}

/** The rows to store: keyed as lookups key them, none to itself, one per old path (the last wins). */
export function redirectRows(wanted: readonly OldPathRedirect[]): OldPathRedirect[] {
  const rows = new Map<string, string>();
  for (const { fromPath, toPath } of wanted) {
    const from = redirectKey(fromPath);
    if (!from || from === "/" || from === redirectKey(toPath)) continue;
    rows.set(from, toPath);
  }
  return [...rows].map(([fromPath, toPath]) => ({ fromPath, toPath }));
}

/** Upserts the redirects; answers how many rows were written. */
export async function writeImportRedirects(db: Database, wanted: readonly OldPathRedirect[]): Promise<number> {
  const rows = redirectRows(wanted);
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    await insertAsJson(
      db,
      redirects,
      rows.slice(at, at + ROWS_PER_INSERT).map((row) => ({ ...row, statusCode: 301, origin: "import" })),
      sql`on conflict (from_path) do update set to_path = excluded.to_path, status_code = 301, origin = 'import', updated_at = now()`,
    );
  }
  return rows.length;
}
