import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMPORT_MESSAGES } from "@broadsheet/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { imports } from "../db/schema";
import { createLogger } from "../logger";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { createImportJobs } from "./import-jobs";
import { ImportInputError, type ImportReport, type RunImportOptions, type SiteImportService } from "./model";

/* Issue 41: the import job around SiteImportService: claim, progress, report, failure, stop, sweep. */
const context = useTestApp();

const REPORT: ImportReport = {
  source: "wordpress",
  site: "https://old.example",
  dryRun: false,
  counts: { post: { created: 3, updated: 0, unchanged: 0, skipped: 0 } },
  skipped: [],
  mapped: [{ kind: "category", from: "Travel", to: "tag travel" }],
  images: { fetched: 0, fromMediaDir: 0, missing: 1, missingUrls: ["https://old.example/a.jpg"] },
  warnings: [],
};

function jobsWith(run: SiteImportService["run"], soleProcess = false) {
  const queued: string[] = [];
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-imports-"));
  const jobs = createImportJobs(context.database.db, {
    siteImport: { run },
    uploadsDir,
    maxUploadBytes: 1024,
    queueImport: async (id) => {
      queued.push(id);
      return true;
    },
    logger: createLogger(context.config),
    soleProcess,
    databaseKind: context.database.kind,
  });
  return { jobs, queued, uploadsDir };
}

async function queuedImport(jobs: ReturnType<typeof jobsWith>["jobs"], uploadsDir: string, dryRun = false) {
  const { user } = await signUp(context.app, { role: "admin" });
  const filePath = path.join(uploadsDir, `${Math.random().toString(36).slice(2)}-blog.xml`);
  writeFileSync(filePath, "<rss/>");
  const id = await jobs.queue({ source: "wordpress", filePath, fileName: "blog.xml", dryRun, createdBy: user._id });
  return { id, filePath, userId: user._id };
}

async function setRow(id: string, values: Partial<typeof imports.$inferInsert>) {
  await context.database.db.update(imports).set(values).where(eq(imports.id, id));
}

describe(`the import job on ${testDatabaseKind()}`, () => {
  it("runs a queued import once: progress, report, finished, the file deleted", async () => {
    const calls: RunImportOptions[] = [];
    const { jobs, queued, uploadsDir } = jobsWith(async (options) => {
      calls.push(options);
      for (let done = 1; done <= 1000; done++) await options.onProgress?.({ done, total: 1000 });
      return REPORT;
    });
    const { id, filePath } = await queuedImport(jobs, uploadsDir);
    expect(queued).toEqual([id]);

    await jobs.run(id);
    await jobs.run(id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ source: "wordpress", filePath, dryRun: false });
    const done = await jobs.get(id);
    expect(done).toMatchObject({ status: "done", progress: { done: 1000, total: 1000 }, report: REPORT, error: "" });
    expect(done.finishedAt).not.toBeNull();
    expect(existsSync(filePath)).toBe(false);
  });

  it("keeps a checked file, and starts it once as a new import of the same file", async () => {
    const { jobs, queued, uploadsDir } = jobsWith(async ({ dryRun }) => ({ ...REPORT, dryRun }));
    const { id, filePath, userId } = await queuedImport(jobs, uploadsDir, true);
    await jobs.run(id);
    expect(await jobs.get(id)).toMatchObject({ status: "done", dryRun: true, report: { dryRun: true } });
    expect(existsSync(filePath)).toBe(true);

    const started = await jobs.startChecked(id, userId);
    expect(started).not.toBe(id);
    expect(queued.at(-1)).toBe(started);
    expect(await jobs.get(started)).toMatchObject({ status: "queued", dryRun: false, fileName: "blog.xml" });
    await expect(jobs.startChecked(id, userId)).rejects.toThrow(IMPORT_MESSAGES.alreadyStarted);

    await jobs.run(started);
    expect(await jobs.get(started)).toMatchObject({ status: "done", report: { dryRun: false } });
    expect(existsSync(filePath)).toBe(false);
  });

  it("refuses to start a check whose file is gone", async () => {
    const { jobs, uploadsDir } = jobsWith(async () => REPORT);
    const { id, userId } = await queuedImport(jobs, uploadsDir, true);
    await setRow(id, { status: "done", filePath: path.join(uploadsDir, "gone.xml") });
    await expect(jobs.startChecked(id, userId)).rejects.toThrow(IMPORT_MESSAGES.fileGone);
  });

  it("fails with an unreadable file's reason as is, anything else prefixed", async () => {
    const unreadable = jobsWith(async () => {
      throw new ImportInputError("This is not a WordPress export (WXR) file");
    });
    const first = await queuedImport(unreadable.jobs, unreadable.uploadsDir);
    await unreadable.jobs.run(first.id);
    expect(await unreadable.jobs.get(first.id)).toMatchObject({
      status: "failed",
      error: "This is not a WordPress export (WXR) file",
      report: null,
    });

    const broken = jobsWith(async () => {
      throw new Error("connection reset\n    at somewhere");
    });
    const second = await queuedImport(broken.jobs, broken.uploadsDir);
    await broken.jobs.run(second.id);
    expect(await broken.jobs.get(second.id)).toMatchObject({
      status: "failed",
      error: "The import stopped: connection reset",
    });
  });

  it("hands a running import back to the queue when the process stops, instead of failing it", async () => {
    let release: (error: Error) => void = () => undefined;
    const { jobs, uploadsDir } = jobsWith(
      () =>
        new Promise((_, reject) => {
          release = reject;
        }),
    );
    const { id } = await queuedImport(jobs, uploadsDir);
    const running = jobs.run(id);
    await expect.poll(async () => (await jobs.get(id)).status).toBe("running");
    await jobs.stop();
    release(new Error("database closed"));
    await running;
    expect(await jobs.get(id)).toMatchObject({ status: "queued", error: "" });
  });

  it("re-queues an import left running by a dead process once it has been silent, at once where the process is alone", async () => {
    const shared = jobsWith(async () => REPORT);
    const { id } = await queuedImport(shared.jobs, shared.uploadsDir);
    await setRow(id, { status: "running", updatedAt: new Date() });
    await shared.jobs.sweep({ atStart: true });
    expect((await shared.jobs.get(id)).status).toBe("running");

    await setRow(id, { updatedAt: new Date(Date.now() - 10 * 60_000) });
    await shared.jobs.sweep({ atStart: false });
    expect((await shared.jobs.get(id)).status).toBe("queued");
    expect(shared.queued.at(-1)).toBe(id);

    const sole = jobsWith(async () => REPORT, true);
    await setRow(id, { status: "running", updatedAt: new Date() });
    await sole.jobs.sweep({ atStart: true });
    expect((await sole.jobs.get(id)).status).toBe("queued");
    await sole.jobs.run(id);
    expect((await sole.jobs.get(id)).status).toBe("done");
  });
});
