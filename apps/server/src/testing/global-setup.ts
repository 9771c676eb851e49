import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migratePglite, migratePostgres } from "../db/migrate";
import { PGLITE_EXTENSIONS } from "../db/pglite-config";
import { postgresUrlFor } from "./postgres-urls";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory snapshot to load per test file. */
    pgliteSnapshot: string;
    /** PostgreSQL: the migrated template database and the run's name prefix. */
    postgresTemplate: string;
    postgresPrefix: string;
  }
}

/*
 * Migrates once per run, then every test file starts from a copy: PGlite loads a dumped
 * data directory, PostgreSQL clones a template database. Tests inside a file share it.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND;
  if (kind === "postgres") return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "broadsheet-test-"));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migratePglite(client);
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  const snapshot = path.join(dir, "migrated.tar.gz");
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", snapshot);
  project.provide("postgresTemplate", "");
  project.provide("postgresPrefix", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL must be set for the postgres test project");
  const prefix = `bs_test_${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const pool = new pg.Pool({ connectionString: postgresUrlFor(adminUrl, template), max: 1 });
  await migratePostgres(pool);
  await pool.end();
  await admin.end();
  project.provide("pgliteSnapshot", "");
  project.provide("postgresTemplate", template);
  project.provide("postgresPrefix", prefix);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.end();
  };
}
