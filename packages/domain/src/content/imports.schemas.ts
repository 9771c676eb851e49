import { z } from "../zod";

/** Admin → Import and /api/imports (issue 41): what an import is asked with and answers. */

export const IMPORT_SOURCES = ["wordpress", "ghost", "broadsheet"] as const;
export type ImportSourceName = (typeof IMPORT_SOURCES)[number];

/** An export up to 2 GB is taken; it streams to disk, never into memory. */
export const IMPORT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** Imports listed on Admin → Import and by GET /api/imports. */
export const RECENT_IMPORTS = 20;

export const IMPORT_MESSAGES = {
  unknownSource: "Source must be one of: wordpress, ghost, broadsheet",
  fileRequired: "Please choose an export file",
  malformedUpload: "The upload could not be read",
  fileTooLarge: "The export file is larger than 2 GB",
  notFound: "Import not found",
  notADryRun: "Only a checked file (a dry run) can be started",
  checkNotFinished: "The check of this file has not finished",
  alreadyStarted: "This file has already been imported; upload it again to import it again",
  fileGone: "The uploaded file is no longer kept; upload it again",
  /** Anything but an unreadable file: the one-line reason follows. */
  stoppedPrefix: "The import stopped: ",
} as const;

const ImportCountsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
});

export const ImportReportSchema = z
  .object({
    source: z.enum(IMPORT_SOURCES),
    site: z.string(),
    dryRun: z.boolean(),
    counts: z
      .record(z.string(), ImportCountsSchema)
      .describe("Per kind (author, category, type, tag, post, page, comment, media, redirect, member)"),
    skipped: z.array(z.object({ kind: z.string(), sourceId: z.string(), reason: z.string() })),
    mapped: z.array(z.object({ kind: z.string(), from: z.string(), to: z.string() })),
    images: z.object({
      fetched: z.number(),
      fromMediaDir: z.number(),
      missing: z.number(),
      missingUrls: z.array(z.string()),
    }),
    warnings: z.array(z.string()),
  })
  .meta({ id: "ImportReport" });
export type ImportReportJson = z.infer<typeof ImportReportSchema>;

export const IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ImportSchema = z
  .object({
    id: z.string().describe("UUID"),
    source: z.enum(IMPORT_SOURCES),
    status: z.enum(IMPORT_STATUSES),
    progress: z.object({ done: z.number(), total: z.number() }).describe("Items done of the file's total"),
    report: ImportReportSchema.nullable().describe("The report once done; null before"),
    error: z.string().describe("Why it failed, one line; empty otherwise"),
    fileName: z.string(),
    dryRun: z.boolean(),
    createdAt: z.string().meta({ format: "date-time" }),
    finishedAt: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "Import" });
export type ImportJson = z.infer<typeof ImportSchema>;

/** The multipart form of POST /api/imports (documented; the handler streams and checks it). */
export const ImportFormSchema = z.object({
  file: z.string().meta({ format: "binary", contentMediaType: "application/octet-stream" }),
  source: z.enum(IMPORT_SOURCES, { error: IMPORT_MESSAGES.unknownSource }),
  dryRun: z.enum(["true", "false"]).optional().describe('"true": check the file and report, writing nothing'),
});
