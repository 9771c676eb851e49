import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
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

/** A JSON-lines file written with backpressure; a failed write (a disk full) fails the export, not the process. */
function openLines(file: string) {
  const stream = createWriteStream(file);
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure = error;
  });
  return {
    async write(line: string): Promise<void> {
      if (failure) throw failure;
      if (!stream.write(line)) await once(stream, "drain");
    },
    async close(): Promise<void> {
      stream.end();
      await finished(stream);
    },
  };
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

/** Called with each file's path in the archive once it is whole on disk. */
export type OnArchiveFile = (name: string) => Promise<void>;

/** Writes the whole site as a Broadsheet archive into `dir` (new or empty) and answers its manifest. */
export async function writeArchive(
  db: Database,
  dir: string,
  site: ExportedSite,
  options: ArchiveOptions,
  onFile: OnArchiveFile = async () => {},
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
    const lines = openLines(path.join(dir, file));
    let count = 0;
    try {
      for await (const rows of readTableInPages(db, entry, options)) {
        for (const row of rows) {
          if (Buffer.isBuffer(row.bytes)) {
            await onFile(await writeMediaFile(dir, row));
            manifest.media.files += 1;
            delete row.bytes;
          }
          await lines.write(`${JSON.stringify(row)}\n`);
          count += 1;
        }
      }
    } finally {
      await lines.close();
    }
    await onFile(file);
    manifest.tables[entry.name] = { file, rows: count };
  }
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await onFile(MANIFEST_FILE);
  return manifest;
}

async function writeMediaFile(dir: string, row: Row): Promise<string> {
  const key = String(row.key);
  if (!isSafeMediaKey(key)) throw new Error(`A media file's key cannot be a file name: ${key}`);
  const name = `${MEDIA_DIR}/${key}`;
  await writeFile(path.join(dir, name), row.bytes as Buffer);
  return name;
}

/**
 * A gzipped tar stream of the files of `dir` given to `add` as the export writes them, each
 * removed once packed: the download starts with the first table, and the disk holds one file at a time.
 */
export function archivePacker(dir: string) {
  const pack = tar.pack();
  const stream = pack.pipe(createGzip());
  return {
    stream: stream as Readable,
    add: async (name: string) => {
      const full = path.join(dir, name);
      const { size } = await stat(full);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()));
        createReadStream(full).on("error", reject).pipe(entry);
      });
      await rm(full);
    },
    finish: () => pack.finalize(),
    fail: (error: Error) => stream.destroy(error),
  };
}
