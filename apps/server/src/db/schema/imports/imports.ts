import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";

/** An import of another site's export (issue 41): what was asked, how far it got, its report. */
export const imports = pgTable(
  "imports",
  {
    id: id(),
    /** "wordpress", "ghost" or "broadsheet". */
    source: text("source").notNull(),
    status: text("status").notNull().default("queued"),
    /** Where the uploaded export waits on disk until the job has read it. */
    filePath: text("file_path").notNull(),
    fileName: text("file_name").notNull().default(""),
    dryRun: boolean("dry_run").notNull().default(false),
    /** { done, total } items, updated as the job goes. */
    progress: jsonb("progress").$type<{ done: number; total: number }>().notNull().default({ done: 0, total: 0 }),
    report: jsonb("report").$type<Record<string, unknown>>(),
    error: text("error").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("imports_status_check", sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check("imports_source_check", sql`${table.source} in ('wordpress', 'ghost', 'broadsheet')`),
    index("imports_created_idx").on(table.createdAt, table.id),
  ],
);

/*
 * What each imported thing became, keyed by the site it came from and its id there: a re-run
 * updates instead of duplicating, and a killed run resumes past what it had finished.
 * `site` is the source site's address (or the export's own id), so two sites never collide.
 */
export const importItems = pgTable(
  "import_items",
  {
    site: text("site").notNull(),
    /** "author", "category", "tag", "post", "page", "comment", "media". */
    kind: text("kind").notNull(),
    sourceId: text("source_id").notNull(),
    localId: text("local_id").notNull(),
    /** A hash of what was imported, so an unchanged item is skipped on a re-run. */
    checksum: text("checksum").notNull().default(""),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.site, table.kind, table.sourceId] })],
);
