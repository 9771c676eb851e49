import { createWriteStream } from "node:fs";
import { appendFile, cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { posts, users } from "../../db/schema";
import { ARCHIVE_TABLES, type ArchiveManifest } from "../../site-export";
import { insertPost } from "../../testing/fixtures";
import { useTestApp } from "../../testing/test-app";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "../../testing/test-database";
import { seedWholeSite } from "../../testing/whole-site";
import { ImportInputError } from "../model";
import { restoreBroadsheetArchive } from "./index";

/* Issue 41 item 8: export everything, restore it into an empty site, and lose nothing. */
const context = useTestApp();
const opened: TestDatabase[] = [];
let site: Awaited<ReturnType<typeof seedWholeSite>>;
let archiveDir: string;
let manifest: ArchiveManifest;

const temporaryDir = () => mkdtemp(path.join(os.tmpdir(), "broadsheet-archive-test-"));

async function emptySite(): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database);
  return database.db;
}

/** Every row of a table, every column (generated and binary ones too), in one stable order. */
async function rowsOf(db: Database, table: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t order by 1`,
  )) as unknown as { rows: { row: string }[] };
  return result.rows.map((row) => row.row);
}

const countOf = async (db: Database, table: string) => (await rowsOf(db, table)).length;

beforeAll(async () => {
  site = await seedWholeSite(context.database.db);
  archiveDir = path.join(await temporaryDir(), "archive");
  manifest = await context.app.services.siteExport.exportToDirectory(archiveDir, { includeSecrets: true });
});

afterAll(async () => {
  for (const database of opened) await database.close();
});

describe(`the Broadsheet archive on ${testDatabaseKind()}`, () => {
  it("lists every table with its file and row count in the manifest", async () => {
    expect(manifest).toMatchObject({
      format: "broadsheet-export",
      formatVersion: 1,
      includesSecrets: true,
      site: { name: "The Test Gazette", url: "http://localhost:3000" },
      media: { files: 1 },
    });
    expect(Object.keys(manifest.tables)).toEqual(ARCHIVE_TABLES.map((table) => table.name));
    for (const [name, table] of Object.entries(manifest.tables)) {
      expect(table.rows, name).toBeGreaterThan(0);
      expect(table.rows, name).toBe(await countOf(context.database.db, name));
    }
    const postLines = (await readFile(path.join(archiveDir, "tables/posts.jsonl"), "utf8")).trim().split("\n");
    const post = JSON.parse(postLines[0] ?? "{}");
    expect(post).not.toHaveProperty("search");
    expect(post.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(await readFile(path.join(archiveDir, "media", site.mediaKey), "utf8")).toContain("fake image bytes");
  });

  it("restores into an empty site with every row of every table, every column, as it was", async () => {
    const target = await emptySite();
    const report = await restoreBroadsheetArchive(target, archiveDir, { dryRun: false });
    expect(report).toMatchObject({ source: "broadsheet", dryRun: false, warnings: [] });
    for (const { name } of ARCHIVE_TABLES) {
      expect(report.counts[name]?.created, name).toBe(manifest.tables[name]?.rows);
      expect(await rowsOf(target, name), name).toEqual(await rowsOf(context.database.db, name));
    }
  });

  it("restores the .tar.gz the admin downloads the same way", async () => {
    const file = path.join(await temporaryDir(), "site.tar.gz");
    const download = await context.app.services.siteExport.archiveDownload({ includeSecrets: true });
    expect(download.fileName).toMatch(/^broadsheet-export-\d{4}-\d\d-\d\d\.tar\.gz$/);
    await pipeline(download.stream, createWriteStream(file));
    const target = await emptySite();
    await restoreBroadsheetArchive(target, file, { dryRun: false });
    for (const { name } of ARCHIVE_TABLES) {
      expect(await rowsOf(target, name), name).toEqual(await rowsOf(context.database.db, name));
    }
  });

  it("refuses a site that has content, and changes nothing there", async () => {
    const target = await emptySite();
    await insertPost(target, { title: "Already here" });
    const before = await countOf(target, "users");
    await expect(restoreBroadsheetArchive(target, archiveDir, { dryRun: false })).rejects.toThrow(
      /already has posts, categories: a Broadsheet archive is restored only into an empty site/,
    );
    expect(await countOf(target, "users")).toBe(before);
    expect(await countOf(target, "posts")).toBe(1);
  });

  it("keeps an account the site already has (same e-mail) and gives it the archive's rows", async () => {
    const target = await emptySite();
    const [own] = await target
      .insert(users)
      .values({ name: "Me", email: site.editor.email.toUpperCase(), passwordHash: "mine", slug: site.admin.slug })
      .returning();
    const report = await restoreBroadsheetArchive(target, archiveDir, { dryRun: false });
    expect(report.counts.users).toMatchObject({ created: 2, skipped: 1 });
    expect(report.mapped).toContainEqual({ kind: "user slug", from: site.admin.slug, to: expect.any(String) });
    const [story] = await target.select().from(posts).where(sql`${posts.id} = ${site.story.id}`);
    expect(story?.authorId).toBe(own?.id);
  });

  it("leaves out password hashes and two-factor secrets unless asked, and such accounts have no password", async () => {
    const dir = path.join(await temporaryDir(), "no-secrets");
    const plain = await context.app.services.siteExport.exportToDirectory(dir, { includeSecrets: false });
    expect(plain.includesSecrets).toBe(false);
    const usersFile = await readFile(path.join(dir, "tables/users.jsonl"), "utf8");
    expect(usersFile).not.toMatch(/password_hash|totp_secret|recovery_code_hashes|argon2|JBSWY3DPEHPK3PXP/);
    const target = await emptySite();
    const report = await restoreBroadsheetArchive(target, dir, { dryRun: false });
    expect(report.warnings[0]).toMatch(/no passwords/);
    const restored = await target.select().from(users).where(sql`${users.id} = ${site.admin.id}`);
    expect(restored[0]).toMatchObject({ passwordHash: "", totpSecret: null, recoveryCodeHashes: [] });
  });

  it("does everything but write on a dry run", async () => {
    const target = await emptySite();
    const report = await restoreBroadsheetArchive(target, archiveDir, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts.posts?.created).toBe(2);
    expect(await countOf(target, "posts")).toBe(0);
    expect(await countOf(target, "users")).toBe(0);
  });

  it("refuses a broken or foreign archive with a clear reason and writes nothing", async () => {
    const target = await emptySite();
    // A new site already has its Terms and Privacy pages (migration 0019).
    const before = new Map<string, number>();
    for (const { name } of ARCHIVE_TABLES) before.set(name, await countOf(target, name));
    const broken = path.join(await temporaryDir(), "broken");
    await cp(archiveDir, broken, { recursive: true });
    await appendFile(path.join(broken, "tables/comments.jsonl"), "{not json\n");
    await expect(restoreBroadsheetArchive(target, broken, { dryRun: false })).rejects.toThrow(
      /The archive is broken: tables\/comments.jsonl line 4 is not JSON/,
    );
    const foreignTable = path.join(await temporaryDir(), "foreign-table");
    await cp(archiveDir, foreignTable, { recursive: true });
    await writeFile(path.join(foreignTable, "tables/tags.jsonl"), '{"id":"x","colour":"red"}\n');
    await expect(restoreBroadsheetArchive(target, foreignTable, { dryRun: false })).rejects.toThrow(
      /has a column "colour" this site does not know/,
    );
    for (const { name } of ARCHIVE_TABLES) expect(await countOf(target, name), name).toBe(before.get(name));

    const notAnArchive = path.join(await temporaryDir(), "export.tar.gz");
    await writeFile(notAnArchive, "<?xml version='1.0'?><rss/>");
    const refusal = restoreBroadsheetArchive(target, notAnArchive, { dryRun: false });
    await expect(refusal).rejects.toBeInstanceOf(ImportInputError);
    await expect(refusal).rejects.toThrow(/Not a Broadsheet export: export.tar.gz is not a .tar.gz archive/);
    await expect(restoreBroadsheetArchive(target, await temporaryDir(), { dryRun: false })).rejects.toThrow(
      "Not a Broadsheet export: manifest.json is missing.",
    );
  });

  it("restores an older archive's Ghost members (imported_members) as subscribers", async () => {
    const target = await emptySite();
    const older = path.join(await temporaryDir(), "older");
    await cp(archiveDir, older, { recursive: true });
    const olderManifest = JSON.parse(await readFile(path.join(older, "manifest.json"), "utf8")) as ArchiveManifest;
    for (const name of ["newsletters", "subscribers", "subscriber_newsletters"]) delete olderManifest.tables[name];
    olderManifest.tables.imported_members = { file: "tables/imported_members.jsonl", rows: 2 };
    await writeFile(path.join(older, "manifest.json"), JSON.stringify(olderManifest));
    await writeFile(
      path.join(older, "tables/imported_members.jsonl"),
      [
        {
          email: "old-ada@example.com",
          name: "Ada",
          subscribed: true,
          site: "ghost:Old Gazette",
          created_at: "2024-01-01T00:00:00Z",
        },
        {
          email: "old-bo@example.com",
          name: "",
          subscribed: false,
          site: "ghost:Old Gazette",
          created_at: "2024-01-01T00:00:00Z",
        },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n"),
    );
    const report = await restoreBroadsheetArchive(target, older, { dryRun: false });
    expect(report.counts.subscribers).toMatchObject({ created: 2 });
    const restored = (await target.execute(
      sql`select email, status, consent_note from subscribers order by email`,
    )) as unknown as { rows: { email: string; status: string; consent_note: string }[] };
    expect(restored.rows).toEqual([
      { email: "old-ada@example.com", status: "subscribed", consent_note: "Imported from the Ghost site Old Gazette" },
      { email: "old-bo@example.com", status: "unsubscribed", consent_note: "Imported from the Ghost site Old Gazette" },
    ]);
  });
});
