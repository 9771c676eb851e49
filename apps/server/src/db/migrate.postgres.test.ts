import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR } from "../paths";
import { postgresUrlFor } from "../testing/postgres-urls";
import { migratePostgres } from "./migrate";

/*
 * Instances started together (WORKERS, or several hosts) each migrate the same fresh
 * database at start-up; the advisory lock makes them take turns, so each migration runs once.
 */
const adminUrl = process.env.TEST_DATABASE_URL as string;
const name = `${inject("postgresPrefix")}_migrate_${randomBytes(4).toString("hex")}`;
const url = postgresUrlFor(adminUrl, name);

async function asAdmin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(() => asAdmin(`create database "${name}"`));
afterAll(() => asAdmin(`drop database if exists "${name}" with (force)`));

it("lets two instances migrate one fresh database at once: both succeed and each migration is applied once", async () => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const instances = [new pg.Pool({ connectionString: url }), new pg.Pool({ connectionString: url })];
  try {
    const outcomes = await Promise.allSettled(instances.map((pool) => migratePostgres(pool)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);

    const [first] = instances;
    const applied = await first?.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(applied?.rows).toHaveLength(journal.entries.length);
    expect(new Set(applied?.rows.map((row) => row.hash)).size).toBe(journal.entries.length);
    // The schema is whole: the last tables the migrations make are there.
    const tables = await first?.query("select 1 from information_schema.tables where table_name = 'audit_events'");
    expect(tables?.rows).toHaveLength(1);
  } finally {
    await Promise.all(instances.map((pool) => pool.end()));
  }
});
