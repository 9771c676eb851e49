import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../app";
import { imports } from "../db/schema";
import { createLogger } from "../logger";
import { signUp, type TestAgent } from "../testing/test-agent";
import { testConfig } from "../testing/test-app";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "../testing/test-database";
import { WXR_MESSAGES } from "./wordpress/wxr-reader";

/*
 * Issue 41: Admin → Import's job on the real queue and the real importer: a checked file, then
 * its import, to the end; a bad file fails with its reason; an import survives its process.
 */

// Images at a closed port: missing at once, listed in the report.
const WXR = readFileSync(path.join(import.meta.dirname, "wordpress", "fixtures", "magazine.xml"), "utf8").replaceAll(
  "IMAGE_BASE",
  "http://127.0.0.1:9",
);

const databases: TestDatabase[] = [];
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.services.close();
  for (const database of databases) await database.close();
});

async function newApp(database: TestDatabase, options: { dataDir?: string; takeJobs?: boolean } = {}): Promise<App> {
  const config = testConfig(options.dataDir ? { DATA_DIR: options.dataDir } : {});
  const app = createApp({ config, database, logger: createLogger(config) });
  apps.push(app);
  if (options.takeJobs ?? true) await app.services.jobs.start(app.services.jobHandlers);
  return app;
}

async function newDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

function upload(agent: TestAgent, fields: Record<string, string>, file = WXR, name = "magazine.xml") {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", new Blob([file], { type: "text/xml" }), name);
  return agent.post("/api/imports", form);
}

async function finished(agent: TestAgent, id: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await agent.get(`/api/imports/${id}`);
    if (answer.body.status === "done" || answer.body.status === "failed") return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

describe(`imports on the job queue, ${testDatabaseKind()}`, () => {
  it("checks a WordPress export writing nothing, then imports it: report, progress, the post served, the file gone", async () => {
    const database = await newDatabase();
    const app = await newApp(database);
    const admin = await signUp(app, { role: "admin" });
    const checked = await upload(admin.agent, { source: "wordpress", dryRun: "true" });
    expect(checked.status).toBe(202);
    const check = await finished(admin.agent, checked.body.id);
    expect(check).toMatchObject({ status: "done", dryRun: true, error: "" });
    expect(check.report).toMatchObject({ source: "wordpress", dryRun: true });
    expect(check.report.counts.post.created).toBeGreaterThan(0);
    expect((await admin.agent.get("/api/posts/a-week-in-paris")).status).toBe(404);

    const started = await admin.agent.post(`/api/imports/${checked.body.id}/start`);
    expect(started.status).toBe(202);
    expect(started.body.id).not.toBe(checked.body.id);
    const done = await finished(admin.agent, started.body.id);
    expect(done).toMatchObject({ status: "done", dryRun: false, report: { dryRun: false } });
    expect(done.report.counts.post.created).toBe(check.report.counts.post.created);
    expect(done.progress.total).toBeGreaterThan(0);
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.report.images.missing).toBeGreaterThan(0);
    expect((await admin.agent.get("/api/posts/a-week-in-paris")).status).toBe(200);

    const [row] = await app.services.imports.list();
    expect(row?.id).toBe(started.body.id);
    const [kept] = await database.db
      .select({ filePath: imports.filePath })
      .from(imports)
      .where(eq(imports.id, started.body.id));
    expect(kept && existsSync(kept.filePath)).toBe(false);
    expect(await admin.agent.post(`/api/imports/${checked.body.id}/start`)).toMatchObject({ status: 409 });
  });

  it("fails a file that is not an export with the reader's reason, writing nothing", async () => {
    const app = await newApp(await newDatabase());
    const admin = await signUp(app, { role: "admin" });
    const answer = await upload(admin.agent, { source: "wordpress" }, "<notes><note>hello</note></notes>", "notes.xml");
    expect(answer.status).toBe(202);
    expect(await finished(admin.agent, answer.body.id)).toMatchObject({
      status: "failed",
      error: WXR_MESSAGES.notWxr,
      report: null,
    });
  });

  it("runs an import queued by a process that stopped before taking it, on the next start", async () => {
    const database = await newDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-data-"));
    const first = await newApp(database, { dataDir, takeJobs: false });
    const admin = await signUp(first, { role: "admin" });
    const answer = await upload(admin.agent, { source: "wordpress" });
    expect(answer.status).toBe(202);
    await first.services.close();
    apps.splice(apps.indexOf(first), 1);

    const next = await newApp(database, { dataDir });
    const again = await signUp(next, { role: "admin" });
    expect(await finished(again.agent, answer.body.id)).toMatchObject({ status: "done", dryRun: false });
    expect((await again.agent.get("/api/posts/a-week-in-paris")).status).toBe(200);
  });

  it("runs again an import its process died in the middle of", async () => {
    const database = await newDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-data-"));
    const first = await newApp(database, { dataDir, takeJobs: false });
    const admin = await signUp(first, { role: "admin" });
    const answer = await upload(admin.agent, { source: "wordpress" });
    // As a process killed mid-run leaves it: running, and silent since.
    await database.db
      .update(imports)
      .set({ status: "running", progress: { done: 3, total: 20 }, updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(imports.id, answer.body.id));
    await first.services.close();
    apps.splice(apps.indexOf(first), 1);

    const next = await newApp(database, { dataDir });
    const again = await signUp(next, { role: "admin" });
    expect(await finished(again.agent, answer.body.id)).toMatchObject({ status: "done" });
  });
});
