import { readFileSync } from "node:fs";
import path from "node:path";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import {
  adverts,
  auditEvents,
  categories,
  comments,
  importItems,
  media,
  newsletters,
  pages,
  polls,
  pollVotes,
  postCoauthors,
  postDailyStats,
  postLikes,
  postRevisions,
  posts,
  postTags,
  readLater,
  redirects,
  reviews,
  shares,
  siteSettings,
  subscriberNewsletters,
  subscribers,
  tags,
  types,
  users,
} from "../db/schema";
import { MIGRATIONS_DIR } from "../paths";

/*
 * The Broadsheet archive (docs/product/export.md, decision 067): manifest.json, one JSON-lines
 * file per table under tables/ (column names as in the database) and each media file's bytes
 * under media/{key}. The export writes it and the restore reads it with the same table list.
 */

export const ARCHIVE_FORMAT = "broadsheet-export";
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
export const MEDIA_DIR = "media";

export interface ArchiveTable {
  name: string;
  table: PgTable;
  /** Columns left out unless the export includes secrets (password hashes, two-factor secrets). */
  secretColumns?: string[];
  /** A column naming a row of the same table: restored in a second pass, once every row exists. */
  selfReference?: string;
  /** Rows read and written per statement; small where rows carry files. */
  batchSize?: number;
}

/** Every content table, parents before the tables that refer to them (the restore inserts in this order). */
export const ARCHIVE_TABLES: ArchiveTable[] = [
  {
    name: "users",
    table: users,
    secretColumns: ["password_hash", "totp_secret", "totp_pending_secret", "totp_last_step", "recovery_code_hashes"],
  },
  { name: "categories", table: categories },
  { name: "types", table: types },
  { name: "tags", table: tags },
  { name: "posts", table: posts, batchSize: 100 },
  { name: "post_tags", table: postTags },
  { name: "post_coauthors", table: postCoauthors },
  { name: "post_revisions", table: postRevisions, batchSize: 100 },
  { name: "pages", table: pages, selfReference: "parent_id", batchSize: 100 },
  { name: "comments", table: comments, selfReference: "parent_id" },
  { name: "reviews", table: reviews },
  { name: "post_likes", table: postLikes },
  { name: "read_later", table: readLater },
  { name: "shares", table: shares },
  { name: "post_daily_stats", table: postDailyStats },
  { name: "polls", table: polls },
  { name: "poll_votes", table: pollVotes },
  { name: "adverts", table: adverts },
  { name: "media", table: media, batchSize: 8 },
  { name: "site_settings", table: siteSettings },
  { name: "redirects", table: redirects },
  { name: "audit_events", table: auditEvents },
  { name: "import_items", table: importItems },
  // Newsletters' readers (issue 42); sends, deliveries and provider events are a site's history, not its content.
  { name: "newsletters", table: newsletters },
  { name: "subscribers", table: subscribers },
  { name: "subscriber_newsletters", table: subscriberNewsletters },
];

/**
 * Tables of older archives that this site keeps elsewhere now: restored by their own code
 * (imported_members: Ghost members, subscribers since migration 0022).
 */
export const LEGACY_ARCHIVE_TABLES = ["imported_members"] as const;

export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The last database migration of the site that wrote it. */
  appVersion: string;
  /** How many migrations that site had run: an archive from a newer schema is refused. */
  schemaVersion: number;
  site: { name: string; url: string };
  exportedAt: string;
  includesSecrets: boolean;
  tables: Record<string, { file: string; rows: number }>;
  media: { dir: string; files: number };
}

export function tableFile(name: string): string {
  return `tables/${name}.jsonl`;
}

/** A stored file's key as a file name: only keys that cannot climb out of media/. */
export function isSafeMediaKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(key);
}

/** This app's schema: its last migration's name and how many there are. */
export function schemaVersion(): { appVersion: string; schemaVersion: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return { appVersion: journal.entries.at(-1)?.tag ?? "", schemaVersion: journal.entries.length };
}

export interface ArchiveColumn {
  /** Drizzle's property name. */
  key: string;
  /** The database's column name, as the archive spells it. */
  name: string;
  column: PgColumn;
  isTimestamp: boolean;
  isBytes: boolean;
}

/** The table's columns an archive holds: all but generated ones (posts.search). */
export function archiveColumns(table: PgTable): ArchiveColumn[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => !column.generated)
    .map(([key, column]) => ({
      key,
      column: column as PgColumn,
      name: column.name,
      isTimestamp: column.columnType === "PgTimestamp",
      isBytes: column.getSQLType() === "bytea",
    }));
}

export function primaryKeyColumns(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns;
  if (composite) return composite;
  return config.columns.filter((column) => column.primary);
}

/** Property names of the columns that refer to users, so a restore can point them at an existing account. */
export function userReferenceKeys(table: PgTable): string[] {
  const columns = getTableColumns(table);
  const keyOf = new Map(Object.entries(columns).map(([key, column]) => [column.name, key]));
  return getTableConfig(table)
    .foreignKeys.map((foreignKey) => foreignKey.reference())
    .filter((reference) => getTableConfig(reference.foreignTable).name === "users")
    .flatMap((reference) => reference.columns.map((column) => keyOf.get(column.name) ?? ""))
    .filter(Boolean);
}

/*
 * Timestamps travel as UTC ISO text with microseconds: a JavaScript Date keeps milliseconds
 * only, and the round trip must give back the very same values.
 */
export function timestampText(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function timestampValue(text: string): SQL {
  return sql`${text}::timestamptz`;
}

/** An archive this app cannot read: the message says why, in one line. */
export class ArchiveFormatError extends Error {
  override name = "ArchiveFormatError";
}
