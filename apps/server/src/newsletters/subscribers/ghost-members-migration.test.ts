import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../paths";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "../../testing/test-database";

/*
 * Migration 0022 on a site that imported Ghost members before newsletters: its imported_members
 * (as migration 0018 made it) become subscribers, then the table goes.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const run = (text: string) => database.executeSql(text, []);

it(`makes the Ghost members subscribers and drops imported_members, on ${testDatabaseKind()}`, async () => {
  await run(`CREATE TABLE "imported_members" (
    "email" text PRIMARY KEY NOT NULL, "name" text DEFAULT '' NOT NULL, "subscribed" boolean DEFAULT false NOT NULL,
    "site" text NOT NULL, "created_at" timestamp with time zone DEFAULT now() NOT NULL)`);
  await run(`INSERT INTO "imported_members" ("email", "name", "subscribed", "site", "created_at") VALUES
    ('ada@example.com', 'Ada', true, 'ghost:The Harbour Gazette', '2024-03-04T05:06:07Z'),
    ('bo@example.com', '', false, 'ghost:The Harbour Gazette', '2024-03-04T05:06:07Z'),
    ('Kept@example.com', 'Kept', true, 'ghost:The Harbour Gazette', '2024-03-04T05:06:07Z')`);
  // An address that subscribed here already keeps its own record.
  await run(`INSERT INTO "subscribers" ("email", "status", "source", "manage_token") VALUES
    ('kept@example.com', 'pending', 'form', 'already-here-token-0123456789')`);

  const migration = readFileSync(path.join(MIGRATIONS_DIR, "0022_ghost_members_to_subscribers.sql"), "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await run(statement);

  const { rows } = await run(`SELECT s."email", s."name", s."status", s."source", s."consent_note", s."manage_token",
      s."created_at", s."subscribed_at", s."unsubscribed_at",
      (SELECT string_agg(n."slug", ',') FROM "subscriber_newsletters" sn JOIN "newsletters" n ON n."id" = sn."newsletter_id"
        WHERE sn."subscriber_id" = s."id") AS "newsletters"
    FROM "subscribers" s ORDER BY lower(s."email")`);
  const byEmail = new Map((rows as Record<string, unknown>[]).map((row) => [String(row.email).toLowerCase(), row]));
  expect(byEmail.get("ada@example.com")).toMatchObject({
    name: "Ada",
    status: "subscribed",
    source: "ghost",
    consent_note: "Imported from the Ghost site The Harbour Gazette",
    newsletters: "newsletter",
  });
  expect(new Date(String(byEmail.get("ada@example.com")?.created_at)).toISOString()).toBe("2024-03-04T05:06:07.000Z");
  expect(byEmail.get("ada@example.com")?.manage_token).toMatch(/^[0-9a-f]{64}$/);
  expect(byEmail.get("bo@example.com")).toMatchObject({
    status: "unsubscribed",
    subscribed_at: null,
    newsletters: null,
  });
  expect(byEmail.get("bo@example.com")?.unsubscribed_at).not.toBeNull();
  expect(byEmail.get("kept@example.com")).toMatchObject({ status: "pending", source: "form", newsletters: null });
  const { rows: tables } = await run(`SELECT 1 FROM information_schema.tables WHERE table_name = 'imported_members'`);
  expect(tables).toHaveLength(0);
});
