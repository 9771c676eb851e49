import { randomUUID } from "node:crypto";
import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import {
  IMPORT_MESSAGES,
  type ImportJson,
  type ImportReportJson,
  type ImportSourceName,
  isUuid,
  RECENT_IMPORTS,
} from "@broadsheet/domain";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { DatabaseKind } from "../config";
import type { Database } from "../db/client";
import { ensureDeferredIndexes } from "../db/deferred-indexes";
import { imports } from "../db/schema";
import { conflict, notFound } from "../errors";
import type { Logger } from "../logger";
import { ImportInputError, type ImportProgress, type ImportReport, type SiteImportService } from "./model";

/*
 * Admin → Import's side of the importer (issue 41, decision 068): an uploaded export waits on
 * disk, its `imports` row says how far the job got, and the job queue runs it. A row is the
 * truth: a job only runs a row it moves from queued to running, so a job sent twice runs once.
 */

// At most one progress write per half second, however often the writer reports.
const PROGRESS_WRITE_MS = 500;
// A running import says it is alive this often; one silent for STALE_AFTER_MS died with its process.
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 120_000;
// A checked (dry-run) file waits this long to be started.
const KEEP_CHECKED_FILE_MS = 24 * 3_600_000;

export interface ImportJobsDeps {
  siteImport: SiteImportService;
  /** Where uploads wait (a folder of the data dir). */
  uploadsDir: string;
  /** The largest export taken (config IMPORT_MAX_BYTES). */
  maxUploadBytes: number;
  /** Sends an import's job; false when this process takes no jobs (its next start's sweep sends it). */
  queueImport: (importId: string) => Promise<boolean>;
  logger: Logger;
  /** PGlite: one process holds the database, so at its start no import is running anywhere. */
  soleProcess: boolean;
  databaseKind: DatabaseKind;
}

export interface UploadedExport {
  source: ImportSourceName;
  filePath: string;
  fileName: string;
  dryRun: boolean;
  createdBy: string;
}

type ImportRow = typeof imports.$inferSelect;

function importJson(row: ImportRow): ImportJson {
  return {
    id: row.id,
    source: row.source as ImportSourceName,
    status: row.status as ImportJson["status"],
    progress: row.progress,
    report: (row.report as ImportReportJson | null) ?? null,
    error: row.error,
    fileName: row.fileName,
    dryRun: row.dryRun,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The one line an admin reads: an unreadable file's reason as is, anything else prefixed. */
export function failureMessage(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() || "unknown error";
  return error instanceof ImportInputError ? message : `${IMPORT_MESSAGES.stoppedPrefix}${message}`;
}

async function removeFile(filePath: string): Promise<void> {
  await unlink(filePath).catch(() => undefined);
}

export function createImportJobs(db: Database, deps: ImportJobsDeps) {
  const { siteImport, uploadsDir, queueImport, logger } = deps;
  // The imports this process runs, so a stop hands them back to the queue instead of failing them.
  const runningHere = new Set<string>();
  let stopping = false;

  async function findRow(id: string): Promise<ImportRow> {
    const [row] = isUuid(id) ? await db.select().from(imports).where(eq(imports.id, id)) : [];
    if (!row) throw notFound(IMPORT_MESSAGES.notFound);
    return row;
  }

  async function insertAndQueue(values: typeof imports.$inferInsert): Promise<string> {
    const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
    if (!row) throw new Error("the import row was not inserted");
    await queueImport(row.id);
    return row.id;
  }

  function progressWriter(id: string) {
    let latest: ImportProgress | undefined;
    let lastWrite = 0;
    let writing: Promise<void> | undefined;
    const write = (progress: ImportProgress) => {
      lastWrite = Date.now();
      writing = db
        .update(imports)
        .set({ progress, updatedAt: new Date() })
        .where(eq(imports.id, id))
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error, importId: id }, "could not store an import's progress"),
        )
        .finally(() => {
          writing = undefined;
        });
      return writing;
    };
    return {
      report(progress: ImportProgress) {
        latest = { done: progress.done, total: progress.total };
        if (writing || Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        return write(latest);
      },
      async flush() {
        await writing;
        if (latest) await write(latest);
      },
    };
  }

  async function finish(id: string, values: Partial<typeof imports.$inferInsert>): Promise<void> {
    await db
      .update(imports)
      .set({ ...values, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(imports.id, id));
  }

  async function runClaimed(row: ImportRow): Promise<void> {
    const progress = progressWriter(row.id);
    const heartbeat = setInterval(() => {
      db.update(imports)
        .set({ updatedAt: new Date() })
        .where(and(eq(imports.id, row.id), eq(imports.status, "running")))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    runningHere.add(row.id);
    try {
      const report: ImportReport = await siteImport.run({
        source: row.source as ImportSourceName,
        filePath: row.filePath,
        dryRun: row.dryRun,
        onProgress: (value) => progress.report(value),
      });
      await progress.flush();
      await finish(row.id, { status: "done", report: report as unknown as Record<string, unknown> });
      logger.info({ importId: row.id, dryRun: row.dryRun }, "import done");
    } catch (error) {
      // A stopping process leaves the row to the next one (its writer resumes from import_items).
      if (stopping) return;
      await progress.flush();
      await finish(row.id, { status: "failed", error: failureMessage(error) });
      logger.warn({ err: error, importId: row.id }, "import failed");
    } finally {
      clearInterval(heartbeat);
      runningHere.delete(row.id);
    }
    if (!row.dryRun) await removeFile(row.filePath);
  }

  return {
    maxUploadBytes: deps.maxUploadBytes,

    /** Where an upload is written: a fresh name in the uploads folder, the original's kept readable. */
    async uploadPath(originalName: string): Promise<string> {
      await mkdir(uploadsDir, { recursive: true });
      const readable = path
        .basename(originalName)
        .replace(/[^A-Za-z0-9._-]+/g, "_")
        .slice(-100);
      return path.join(uploadsDir, `${randomUUID()}-${readable || "export"}`);
    },

    /** Drops an upload the request refused after it reached the disk. */
    discardUpload: removeFile,

    /** Records an uploaded export and queues its import (or its check, on a dry run). */
    queue(upload: UploadedExport): Promise<string> {
      return insertAndQueue({ ...upload, status: "queued" });
    },

    async get(id: string): Promise<ImportJson> {
      return importJson(await findRow(id));
    },

    async list(): Promise<ImportJson[]> {
      const rows = await db
        .select()
        .from(imports)
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(RECENT_IMPORTS);
      return rows.map(importJson);
    },

    /** The real import of a checked file, as a new import: the dry run keeps its report. */
    async startChecked(id: string, createdBy: string): Promise<string> {
      const checked = await findRow(id);
      if (!checked.dryRun) throw conflict(IMPORT_MESSAGES.notADryRun);
      if (checked.status !== "done") throw conflict(IMPORT_MESSAGES.checkNotFinished);
      const [started] = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.filePath, checked.filePath), eq(imports.dryRun, false)));
      if (started) throw conflict(IMPORT_MESSAGES.alreadyStarted);
      if (!(await stat(checked.filePath).catch(() => null))) throw conflict(IMPORT_MESSAGES.fileGone);
      return insertAndQueue({
        source: checked.source,
        filePath: checked.filePath,
        fileName: checked.fileName,
        dryRun: false,
        status: "queued",
        createdBy,
      });
    },

    /** The job: runs the import if it is still queued (a second job for it finds it taken and returns). */
    async run(importId: string): Promise<void> {
      if (stopping || !isUuid(importId)) return;
      const [row] = await db
        .update(imports)
        .set({ status: "running", updatedAt: new Date() })
        .where(and(eq(imports.id, importId), eq(imports.status, "queued")))
        .returning();
      if (row) await runClaimed(row);
    },

    /**
     * Queues again what a stopped or crashed process left running (at once where this process
     * is the only one, else once it has been silent a while) and every queued import, and
     * deletes uploads past their day that no import waits for.
     */
    async sweep({ atStart }: { atStart: boolean }): Promise<void> {
      // The only process, just started: nothing else can be running an import, however recent its mark.
      const leftRunning = eq(imports.status, "running");
      const stale =
        atStart && deps.soleProcess
          ? leftRunning
          : and(leftRunning, lt(imports.updatedAt, new Date(Date.now() - STALE_AFTER_MS)));
      await db.update(imports).set({ status: "queued", updatedAt: new Date() }).where(stale);
      const waiting = await db
        .select({ id: imports.id, status: imports.status, filePath: imports.filePath })
        .from(imports)
        .where(inArray(imports.status, ["queued", "running"]));
      for (const row of waiting) if (row.status === "queued") await queueImport(row.id);
      await removeOldUploads(new Set(waiting.map((row) => row.filePath)));
      // The search indexes a killed large import left dropped (decision 069); an import still to run builds them itself.
      if (waiting.length === 0) {
        const built = await ensureDeferredIndexes(db, deps.databaseKind);
        if (built.length > 0)
          logger.info({ indexes: built }, "search indexes a stopped import had dropped built again");
      }
    },

    /** Hands the imports this process runs back to the queue: the next process resumes them. */
    async stop(): Promise<void> {
      stopping = true;
      if (runningHere.size === 0) return;
      await db
        .update(imports)
        .set({ status: "queued", updatedAt: new Date() })
        .where(and(inArray(imports.id, [...runningHere]), eq(imports.status, "running")))
        .catch((error: unknown) => logger.warn({ err: error }, "could not hand running imports back to the queue"));
    },
  };

  async function removeOldUploads(waitedFor: Set<string>): Promise<void> {
    const names = await readdir(uploadsDir).catch(() => [] as string[]);
    const oldest = Date.now() - KEEP_CHECKED_FILE_MS;
    for (const name of names) {
      const filePath = path.join(uploadsDir, name);
      if (waitedFor.has(filePath)) continue;
      const info = await stat(filePath).catch(() => null);
      if (info && info.mtimeMs < oldest) await removeFile(filePath);
    }
  }
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
