import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertAsJson } from "../db/json-insert";
import { importItems } from "../db/schema";

/*
 * import_items: what each imported thing became, keyed by (site, kind, source id), with a
 * checksum of the record it came from. Written in the same transaction as what it maps, so a
 * run killed half-way resumes past exactly what it finished.
 */

export interface ImportItem {
  localId: string;
  checksum: string;
}

export function checksumOf(record: unknown): string {
  return createHash("sha256").update(JSON.stringify(record)).digest("base64url");
}

export async function loadImportItems(
  db: Database,
  site: string,
  kind: string,
  sourceIds: readonly string[],
): Promise<Map<string, ImportItem>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await db
    .select({ sourceId: importItems.sourceId, localId: importItems.localId, checksum: importItems.checksum })
    .from(importItems)
    .where(and(eq(importItems.site, site), eq(importItems.kind, kind), inArray(importItems.sourceId, [...sourceIds])));
  return new Map(rows.map((row) => [row.sourceId, { localId: row.localId, checksum: row.checksum }]));
}

export async function saveImportItems(
  db: Database,
  rows: { site: string; kind: string; sourceId: string; localId: string; checksum: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await insertAsJson(
    db,
    importItems,
    rows,
    sql`on conflict (site, kind, source_id) do update set local_id = excluded.local_id, checksum = excluded.checksum, updated_at = now()`,
  );
}
