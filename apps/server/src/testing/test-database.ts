import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase, openMemoryPglite } from "../db/client";
import { postgresUrlFor } from "./postgres-urls";

export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase extends DatabaseHandle {
  /** The PostgreSQL URL of this file's database (undefined on PGlite). */
  url: string | undefined;
}

/** A private, migrated database for one test file, on the engine of the current project. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === "pglite") {
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshot"))]);
    return { ...(await openMemoryPglite(snapshot)), url: undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${inject("postgresPrefix")}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database "${name}" template "${inject("postgresTemplate")}"`),
  );
  const url = postgresUrlFor(adminUrl, name);
  const handle = await openDatabase({ dataDir: "", databaseUrl: url });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
