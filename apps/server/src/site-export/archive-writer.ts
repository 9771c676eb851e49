import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import tar from "tar-stream";
import type { Database } from "../db/client";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_TABLES,
  type ArchiveManifest,
  type ArchiveTable,
  archiveColumns,
  isSafeMediaKey,
  MANIFEST_FILE,
  MEDIA_DIR,
  primaryKeyColumns,
  schemaVersion,
  tableFile,
  timestampText,
} from "./archive-format";

export interface ArchiveOptions {
  includeSecrets: boolean;
}

export interface ExportedSite {
  name: string;
  url: string;
}

type Row = Record<string, unknown>;

/** A table's rows a page at a time, keyset by primary key, so memory stays flat whatever the site's size. */
export async function* readTableInPages(db: Database, entry: ArchiveTable, options: ArchiveOptions) {
  const columns = archiveColumns(entry.table).filter(
    (column) => options.includeSecrets || !entry.secretColumns?.includes(column.name),
  );
  const selection: Record<string, PgColumn | SQL> = Object.fromEntries(
    columns.map((column) => [column.name, column.isTimestamp ? timestampText(column.column) : column.column]),
  );
  const keys = primaryKeyColumns(entry.table);
  const size = entry.batchSize ?? 500;
  let after: unknown[] | null = null;
  for (;;) {
    const from = after;
    const rows = (await db
      .select(selection)
      .from(entry.table as PgTable)
      .where(
        from
          ? sql`(${sql.join(keys, sql`, `)}) > (${sql.join(
              from.map((value) => sql`${value}`),
              sql`, `,
            )})`
          : undefined,
      )
      .orderBy(...keys)
      .limit(size)) as Row[];
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = keys.map((key) => last[key.name]);
  }
}

async function writeLine(stream: WriteStream, line: string): Promise<void> {
  if (!stream.write(line)) await once(stream, "drain");
}

async function closeStream(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, "close");
}

/** A new or empty directory, so an export never mixes with other files. */
async function emptyDirectory(dir: string): Promise<void> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (existing.length > 0) throw new Error(`${dir} is not empty: export into a new or empty directory.`);
  await mkdir(path.join(dir, "tables"), { recursive: true });
  await mkdir(path.join(dir, MEDIA_DIR), { recursive: true });
}

/** Writes the whole site as a Broadsheet archive into `dir` (new or empty) and answers its manifest. */
export async function writeArchive(
  db: Database,
  dir: string,
  site: ExportedSite,
  options: ArchiveOptions,
): Promise<ArchiveManifest> {
  await emptyDirectory(dir);
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    ...schemaVersion(),
    site,
    exportedAt: new Date().toISOString(),
    includesSecrets: options.includeSecrets,
    tables: {},
    media: { dir: `${MEDIA_DIR}/`, files: 0 },
  };
  for (const entry of ARCHIVE_TABLES) {
    const file = tableFile(entry.name);
    const stream = createWriteStream(path.join(dir, file));
    let count = 0;
    try {
      for await (const rows of readTableInPages(db, entry, options)) {
        for (const row of rows) {
          if (Buffer.isBuffer(row.bytes)) {
            manifest.media.files += await writeMediaFile(dir, row);
            delete row.bytes;
          }
          await writeLine(stream, `${JSON.stringify(row)}\n`);
          count += 1;
        }
      }
    } finally {
      await closeStream(stream);
    }
    manifest.tables[entry.name] = { file, rows: count };
  }
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function writeMediaFile(dir: string, row: Row): Promise<number> {
  const key = String(row.key);
  if (!isSafeMediaKey(key)) throw new Error(`A media file's key cannot be a file name: ${key}`);
  await writeFile(path.join(dir, MEDIA_DIR, key), row.bytes as Buffer);
  return 1;
}

/** The archive in `dir` as a gzipped tar stream, the manifest first; the files are read one at a time. */
export function packArchive(dir: string, manifest: ArchiveManifest): Readable {
  const pack = tar.pack();
  const addFile = async (name: string) => {
    const full = path.join(dir, name);
    const { size } = await stat(full);
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()));
      createReadStream(full).on("error", reject).pipe(entry);
    });
  };
  const addAll = async () => {
    await addFile(MANIFEST_FILE);
    for (const { file } of Object.values(manifest.tables)) await addFile(file);
    for (const key of (await readdir(path.join(dir, MEDIA_DIR))).sort()) await addFile(`${MEDIA_DIR}/${key}`);
    pack.finalize();
  };
  const gzip = createGzip();
  addAll().catch((error: Error) => gzip.destroy(error));
  return pack.pipe(gzip);
}
