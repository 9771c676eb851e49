import { readdirSync } from "node:fs";
import path from "node:path";
import { IMPORT_MESSAGES } from "@broadsheet/domain";
import { describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 41: Admin → Import's API. Uploads stream to disk, admins only; the job runs elsewhere (import-jobs tests). */
const MAX_BYTES = 64 * 1024;
const context = useTestApp({ env: { IMPORT_MAX_BYTES: String(MAX_BYTES) } });
const WXR = `<?xml version="1.0"?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Old blog</title></channel></rss>`;

function exportForm(fields: Record<string, string>, file: string | null = WXR, fileName = "old-blog.xml"): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file !== null) form.set("file", new Blob([file], { type: "text/xml" }), fileName);
  return form;
}

function uploads(): string[] {
  try {
    return readdirSync(path.join(context.config.dataDir, "imports"));
  } catch {
    return [];
  }
}

describe(`/api/imports on ${testDatabaseKind()}`, () => {
  it("is for admins only: anonymous 401, reader and editor 403", async () => {
    const reader = await signUp(context.app);
    const editor = await signUp(context.app, { role: "editor" });
    const before = uploads().length;
    expect((await new TestAgent(context.app).post("/api/imports", exportForm({ source: "wordpress" }))).status).toBe(
      401,
    );
    expect((await reader.agent.post("/api/imports", exportForm({ source: "wordpress" }))).status).toBe(403);
    expect((await editor.agent.post("/api/imports", exportForm({ source: "wordpress" }))).status).toBe(403);
    expect((await editor.agent.get("/api/imports")).status).toBe(403);
    expect(uploads().length).toBe(before);
  });

  it("queues an upload: 202 with its id, the row queued, the file on disk", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const answer = await admin.agent.post("/api/imports", exportForm({ source: "wordpress", dryRun: "true" }));
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ id: expect.any(String) });

    const shown = await admin.agent.get(`/api/imports/${answer.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id: answer.body.id,
      source: "wordpress",
      status: "queued",
      progress: { done: 0, total: 0 },
      report: null,
      error: "",
      fileName: "old-blog.xml",
      dryRun: true,
      createdAt: expect.any(String),
      finishedAt: null,
    });
    expect(uploads().some((name) => name.endsWith("-old-blog.xml"))).toBe(true);

    const audited = await admin.agent.get("/api/audit?action=import.create");
    expect(audited.body.items[0]).toMatchObject({
      action: "import.create",
      actor: { email: admin.user.email },
      target: { type: "import", _id: answer.body.id },
    });

    const listed = await admin.agent.get("/api/imports");
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({ id: answer.body.id, status: "queued" });
  });

  it("takes dryRun as false when absent", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const answer = await admin.agent.post("/api/imports", exportForm({ source: "ghost" }, "{}", "ghost.json"));
    expect(answer.status).toBe(202);
    expect((await admin.agent.get(`/api/imports/${answer.body.id}`)).body).toMatchObject({
      source: "ghost",
      dryRun: false,
    });
  });

  it("refuses an unknown source, a missing file or a JSON body with 400, keeping no file", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const before = uploads().length;
    const unknown = await admin.agent.post("/api/imports", exportForm({ source: "blogger" }));
    expect(unknown).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.unknownSource } });
    const noSource = await admin.agent.post("/api/imports", exportForm({}));
    expect(noSource).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.unknownSource } });
    const noFile = await admin.agent.post("/api/imports", exportForm({ source: "wordpress" }, null));
    expect(noFile).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.fileRequired } });
    const json = await admin.agent.post("/api/imports", { source: "wordpress" });
    expect(json).toMatchObject({ status: 400, body: { message: IMPORT_MESSAGES.fileRequired } });
    const badDryRun = await admin.agent.post("/api/imports", exportForm({ source: "wordpress", dryRun: "maybe" }));
    expect(badDryRun.status).toBe(400);
    expect(uploads().length).toBe(before);
  });

  it("refuses a file past the limit with 413 as it streams, leaving nothing on disk", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const before = uploads().length;
    const big = "x".repeat(MAX_BYTES * 3);
    const answer = await admin.agent.post("/api/imports", exportForm({ source: "wordpress" }, big));
    expect(answer).toMatchObject({ status: 413, body: { message: IMPORT_MESSAGES.fileTooLarge } });
    expect(uploads().length).toBe(before);
  });

  it("refuses a declared length past the limit before reading the body", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const answer = await admin.agent.post("/api/imports", "--x--", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(3 * 1024 * 1024 * 1024),
    });
    expect(answer).toMatchObject({ status: 413, body: { message: IMPORT_MESSAGES.fileTooLarge } });
  });

  it("answers 404 for an unknown import and 409 when starting what is not a finished check", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    expect((await admin.agent.get("/api/imports/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.agent.get("/api/imports/not-an-id")).status).toBe(404);
    const real = await admin.agent.post("/api/imports", exportForm({ source: "wordpress" }));
    expect(await admin.agent.post(`/api/imports/${real.body.id}/start`)).toMatchObject({
      status: 409,
      body: { message: IMPORT_MESSAGES.notADryRun },
    });
    const check = await admin.agent.post("/api/imports", exportForm({ source: "wordpress", dryRun: "true" }));
    expect(await admin.agent.post(`/api/imports/${check.body.id}/start`)).toMatchObject({
      status: 409,
      body: { message: IMPORT_MESSAGES.checkNotFinished },
    });
  });
});
