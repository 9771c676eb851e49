import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Database } from "../../db/client";
import {
  adverts,
  categories,
  comments,
  importItems,
  media,
  newsletters,
  pages,
  polls,
  postRevisions,
  posts,
  redirects,
  siteSettings,
  subscribers,
  tags,
  types,
  users,
} from "../../db/schema";
import { type ImportedSubscriber, writeImportedSubscribers } from "../../newsletters";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_TABLES,
  ArchiveFormatError,
  type ArchiveManifest,
  type ArchiveTable,
  archiveColumns,
  extractArchive,
  isSafeMediaKey,
  LEGACY_ARCHIVE_TABLES,
  MANIFEST_FILE,
  MEDIA_DIR,
  schemaVersion,
  tableFile,
  timestampValue,
  userReferenceKeys,
} from "../../site-export";
import { ImportInputError, type ImportProgress, type ImportReport } from "../model";

/*
 * Restores a Broadsheet archive (docs/product/export.md) into an empty site: every table in
 * foreign-key order, in batches, in one transaction, so the site gets all of it or nothing.
 */

export interface RestoreOptions {
  dryRun: boolean;
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

/** An account restored without the archive's secrets: no password verifies against it (they reset it). */
export const NO_PASSWORD = "";

const ManifestSchema = z.object({
  format: z.string(),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  schemaVersion: z.number().int(),
  site: z.object({ name: z.string(), url: z.string() }),
  exportedAt: z.string(),
  includesSecrets: z.boolean(),
  tables: z.record(z.string(), z.object({ file: z.string(), rows: z.number().int().nonnegative() })),
  media: z.object({ dir: z.string(), files: z.number().int().nonnegative() }),
});

/** What a non-empty site already holds makes a restore refuse: it would mix two sites. */
const CONTENT_TABLES: [string, PgTable][] = [
  ["posts", posts],
  ["post revisions", postRevisions],
  ["categories", categories],
  ["types", types],
  ["tags", tags],
  ["comments", comments],
  ["polls", polls],
  ["adverts", adverts],
  ["media", media],
  ["redirects", redirects],
  ["imported items", importItems],
  ["subscribers", subscribers],
];

const dateOrNull = (value: unknown) => {
  const date = typeof value === "string" ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

const isLegacyTable = (name: string) => (LEGACY_ARCHIVE_TABLES as readonly string[]).includes(name);

const BATCH_SIZE = 500;

class DryRunFinished extends Error {}

async function readManifest(dir: string): Promise<ArchiveManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch {
    throw new ImportInputError(`Not a Broadsheet export: ${MANIFEST_FILE} is missing.`);
  }
  let parsed: z.infer<typeof ManifestSchema>;
  try {
    parsed = ManifestSchema.parse(JSON.parse(text));
  } catch {
    throw new ImportInputError(`Not a Broadsheet export: ${MANIFEST_FILE} is not a Broadsheet manifest.`);
  }
  if (parsed.format !== ARCHIVE_FORMAT) {
    throw new ImportInputError(`Not a Broadsheet export: the manifest's format is "${parsed.format}".`);
  }
  const ours = schemaVersion();
  if (parsed.formatVersion > ARCHIVE_FORMAT_VERSION || parsed.schemaVersion > ours.schemaVersion) {
    throw new ImportInputError(
      `This archive was made by a newer Broadsheet (${parsed.appVersion}); update this site (${ours.appVersion}) first.`,
    );
  }
  for (const [name, entry] of Object.entries(parsed.tables)) {
    const known = ARCHIVE_TABLES.some((table) => table.name === name) || isLegacyTable(name);
    if (!known || entry.file !== tableFile(name)) {
      throw new ImportInputError(`Not a Broadsheet export: the manifest lists an unknown table "${name}".`);
    }
    await stat(path.join(dir, entry.file)).catch(() => {
      throw new ImportInputError(`The archive is incomplete: ${entry.file} is missing.`);
    });
  }
  return parsed as ArchiveManifest;
}

async function refuseUnlessEmpty(db: Database): Promise<void> {
  const holding: string[] = [];
  for (const [label, table] of CONTENT_TABLES) {
    const rows = await db.select({ one: sql`1` }).from(table).limit(1);
    if (rows.length > 0) holding.push(label);
  }
  if (holding.length > 0) {
    throw new ImportInputError(
      `This site already has ${holding.join(", ")}: a Broadsheet archive is restored only into an empty site (a new data folder or database, first started with SEED_DEMO=false).`,
    );
  }
}

async function* readLines(file: string): AsyncGenerator<{ line: string; number: number }> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim()) yield { line, number };
  }
}

type Values = Record<string, unknown>;

/** Restores one archive directory; `context` carries what one table tells the next (accounts that already existed). */
class Restore {
  private readonly existingUsers = new Map<string, string>();
  private done = 0;
  private readonly total: number;

  constructor(
    private readonly db: Database,
    private readonly dir: string,
    private readonly manifest: ArchiveManifest,
    private readonly report: ImportReport,
    private readonly options: RestoreOptions,
  ) {
    this.total = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  }

  async run(): Promise<void> {
    await refuseUnlessEmpty(this.db);
    for (const entry of ARCHIVE_TABLES) {
      const listed = this.manifest.tables[entry.name];
      if (listed) await this.restoreTable(entry, listed.rows);
    }
    const members = this.manifest.tables.imported_members;
    if (members) await this.restoreImportedMembers(members.rows);
  }

  /**
   * An archive made before migration 0022 kept Ghost members in imported_members: they become
   * subscribers, as that migration made them on the site that wrote it.
   */
  private async restoreImportedMembers(expectedRows: number): Promise<void> {
    const file = tableFile("imported_members");
    const bySite = new Map<string, ImportedSubscriber[]>();
    let rows = 0;
    for await (const { line, number } of readLines(path.join(this.dir, file))) {
      const row = this.decodeLegacy(line, `${file} line ${number}`);
      const site = String(row.site ?? "").replace(/^ghost:/, "");
      const member: ImportedSubscriber = {
        email: String(row.email ?? ""),
        name: String(row.name ?? ""),
        subscribed: row.subscribed === true,
        createdAt: dateOrNull(row.created_at),
      };
      bySite.set(site, [...(bySite.get(site) ?? []), member]);
      rows += 1;
    }
    if (rows !== expectedRows) {
      throw new ImportInputError(
        `The archive is incomplete: ${file} holds ${rows} rows where the manifest says ${expectedRows}.`,
      );
    }
    let created = 0;
    for (const [site, members] of bySite) created += await writeImportedSubscribers(this.db, { site, members });
    this.report.counts.subscribers ??= { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    this.report.counts.subscribers.created += created;
    this.done += rows;
    await this.options.onProgress?.({ done: this.done, total: this.total });
  }

  private decodeLegacy(line: string, where: string): Record<string, unknown> {
    try {
      const raw: unknown = JSON.parse(line);
      if (raw && typeof raw === "object" && !Array.isArray(raw)) return raw as Record<string, unknown>;
    } catch {
      // Reported below, as for any table.
    }
    throw new ImportInputError(`The archive is broken: ${where} is not a row.`);
  }

  private async restoreTable(entry: ArchiveTable, expectedRows: number): Promise<void> {
    const file = tableFile(entry.name);
    const columns = new Map(archiveColumns(entry.table).map((column) => [column.name, column]));
    const userKeys = userReferenceKeys(entry.table);
    const selfKey = entry.selfReference ? columns.get(entry.selfReference)?.key : undefined;
    const counts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    this.report.counts[entry.name] = counts;
    let batch: Values[] = [];
    let rows = 0;
    let lastLine = 0;
    const flush = async () => {
      const kept = await this.prepare(entry, batch, counts);
      if (kept.length > 0) await this.insert(entry.table, kept, `${file} (before line ${lastLine + 1})`);
      counts.created += kept.length;
      this.done += batch.length;
      batch = [];
      await this.options.onProgress?.({ done: this.done, total: this.total });
    };
    for await (const { line, number } of readLines(path.join(this.dir, file))) {
      const values = this.decode(line, columns, `${file} line ${number}`);
      for (const key of userKeys) {
        const existing = this.existingUsers.get(String(values[key]));
        if (existing) values[key] = existing;
      }
      if (selfKey) values[selfKey] = null;
      batch.push(values);
      rows += 1;
      lastLine = number;
      if (batch.length >= (entry.batchSize ?? BATCH_SIZE)) await flush();
    }
    if (batch.length > 0) await flush();
    if (rows !== expectedRows) {
      throw new ImportInputError(
        `The archive is incomplete: ${file} holds ${rows} rows where the manifest says ${expectedRows}.`,
      );
    }
    if (entry.selfReference) await this.restoreSelfReferences(entry, file, entry.selfReference);
  }

  private decode(line: string, columns: Map<string, ReturnType<typeof archiveColumns>[number]>, where: string) {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new ImportInputError(`The archive is broken: ${where} is not JSON.`);
    }
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      throw new ImportInputError(`The archive is broken: ${where} is not a row.`);
    }
    const values: Values = {};
    for (const [name, value] of Object.entries(raw)) {
      const column = columns.get(name);
      if (!column || column.isBytes) {
        throw new ImportInputError(`The archive is broken: ${where} has a column "${name}" this site does not know.`);
      }
      values[column.key] = column.isTimestamp && typeof value === "string" ? timestampValue(value) : value;
    }
    return values;
  }

  /** What a table needs before its rows go in; answers the rows to insert. */
  private async prepare(entry: ArchiveTable, batch: Values[], counts: { skipped: number }): Promise<Values[]> {
    if (entry.table === users) return this.prepareUsers(batch, counts);
    if (entry.table === pages) {
      // Only default pages (Terms, Privacy) can be here, the site being empty: the archive's take their place.
      const slugs = batch.map((row) => String(row.slug));
      await this.db.delete(pages).where(inArray(pages.slug, slugs));
    }
    if (entry.table === siteSettings) await this.db.delete(siteSettings);
    if (entry.table === newsletters) {
      // The site being empty, only the default newsletter its first migration made is here: the archive's replaces it.
      const slugs = batch.map((row) => String(row.slug));
      await this.db.delete(newsletters).where(inArray(newsletters.slug, slugs));
      if (batch.some((row) => row.isDefault === true))
        await this.db.delete(newsletters).where(sql`${newsletters.isDefault}`);
    }
    if (entry.table === media) {
      for (const row of batch) row.bytes = await this.mediaBytes(String(row.key));
    }
    return batch;
  }

  /*
   * An account whose e-mail this site already has (the admin who restores) stays as it is, and
   * the archive's rows that name it are given to it; another account's taken slug gets a suffix.
   */
  private async prepareUsers(batch: Values[], counts: { skipped: number }): Promise<Values[]> {
    const emails = batch.map((row) => String(row.email).toLowerCase());
    const existing = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const byEmail = new Map(existing.map((user) => [user.email.toLowerCase(), user.id]));
    const kept: Values[] = [];
    for (const row of batch) {
      const email = String(row.email);
      const existingId = byEmail.get(email.toLowerCase());
      if (existingId) {
        this.existingUsers.set(String(row.id), existingId);
        counts.skipped += 1;
        this.note({ kind: "users", sourceId: email, reason: "an account with this e-mail exists: it keeps its own" });
        continue;
      }
      row.passwordHash ??= NO_PASSWORD;
      kept.push(row);
    }
    const slugs = kept.map((row) => String(row.slug));
    if (slugs.length === 0) return kept;
    const taken = new Set(
      (await this.db.select({ slug: users.slug }).from(users).where(inArray(users.slug, slugs))).map((u) => u.slug),
    );
    for (const row of kept) {
      if (!taken.has(String(row.slug))) continue;
      const renamed = `${row.slug}-${String(row.id).slice(0, 8)}`;
      this.report.mapped.push({ kind: "user slug", from: String(row.slug), to: renamed });
      row.slug = renamed;
    }
    return kept;
  }

  private note(skipped: ImportReport["skipped"][number]): void {
    if (this.report.skipped.length < 500) this.report.skipped.push(skipped);
  }

  private async mediaBytes(key: string): Promise<Buffer> {
    if (!isSafeMediaKey(key))
      throw new ImportInputError(`The archive is broken: a media key "${key}" is not a file name.`);
    try {
      return await readFile(path.join(this.dir, MEDIA_DIR, key));
    } catch {
      throw new ImportInputError(`The archive is incomplete: ${MEDIA_DIR}/${key} is missing.`);
    }
  }

  private async insert(table: PgTable, rows: Values[], where: string): Promise<void> {
    try {
      await this.db.insert(table).values(rows);
    } catch (error) {
      throw new ImportInputError(`The database refused a row of ${where}: ${(error as Error).message}`);
    }
  }

  /** Self-references (a page's parent, a comment's) once every row of the table exists: a second read of its file. */
  private async restoreSelfReferences(entry: ArchiveTable, file: string, column: string): Promise<void> {
    let pairs: [string, string][] = [];
    const flush = async () => {
      const values = sql.join(
        pairs.map(([id, parent]) => sql`(${id}::uuid, ${parent}::uuid)`),
        sql`, `,
      );
      const update: SQL = sql`update ${entry.table} set ${sql.identifier(column)} = v.parent from (values ${values}) as v(id, parent) where ${entry.table}.id = v.id`;
      try {
        await this.db.execute(update);
      } catch (error) {
        throw new ImportInputError(`The database refused a ${column} of ${file}: ${(error as Error).message}`);
      }
      pairs = [];
    };
    for await (const { line } of readLines(path.join(this.dir, file))) {
      const row = JSON.parse(line) as Record<string, unknown>;
      const parent = row[column];
      if (typeof parent === "string") pairs.push([String(row.id), parent]);
      if (pairs.length >= BATCH_SIZE) await flush();
    }
    if (pairs.length > 0) await flush();
  }
}

async function restoreDirectory(db: Database, dir: string, options: RestoreOptions): Promise<ImportReport> {
  const manifest = await readManifest(dir);
  const report: ImportReport = {
    source: "broadsheet",
    site: manifest.site.url || manifest.site.name,
    dryRun: options.dryRun,
    counts: {},
    skipped: [],
    mapped: [],
    images: { fetched: 0, fromMediaDir: 0, missing: 0, missingUrls: [] },
    warnings: manifest.includesSecrets
      ? []
      : ["The archive holds no passwords: restored accounts sign in after setting one with “Forgot password”."],
  };
  try {
    await db.transaction(async (tx) => {
      await new Restore(tx as unknown as Database, dir, manifest, report, options).run();
      if (options.dryRun) throw new DryRunFinished();
    });
  } catch (error) {
    if (!(error instanceof DryRunFinished)) throw error;
  }
  return report;
}

/**
 * Restores a Broadsheet archive, a directory or the .tar.gz Admin → Export downloads, into this
 * (empty) site; a dry run does all of it in a transaction it then rolls back. Throws
 * ImportInputError, writing nothing, for an archive it cannot read or a site that has content.
 */
export async function restoreBroadsheetArchive(
  db: Database,
  source: string,
  options: RestoreOptions,
): Promise<ImportReport> {
  const found = await stat(source).catch(() => null);
  if (!found) throw new ImportInputError(`${source} does not exist.`);
  if (found.isDirectory()) return restoreDirectory(db, source, options);
  const dir = await mkdtemp(path.join(os.tmpdir(), "broadsheet-restore-"));
  try {
    await extractArchive(source, dir).catch((error: Error) => {
      throw error instanceof ArchiveFormatError ? new ImportInputError(error.message) : error;
    });
    return await restoreDirectory(db, dir, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
