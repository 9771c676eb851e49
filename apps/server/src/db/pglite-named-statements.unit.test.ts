import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openMemoryPglite, selectRows } from "./client";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openMemoryPglite();
  await database.executeSql("create table notes (id int primary key, body text not null, tags text[] not null)");
});
afterAll(async () => {
  await database.close();
});

const preparedStatements = () =>
  selectRows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`);

describe("PGlite named statements (decision 026)", () => {
  it("prepare a parameterised statement once and answer each run with its own values", async () => {
    for (let id = 1; id <= 8; id++) {
      await database.executeSql("insert into notes (id, body, tags) values ($1, $2, $3)", [
        id,
        `note ${id}`,
        [`t${id}`],
      ]);
    }
    // From the sixth run on PostgreSQL may keep a generic plan: the answers must not change.
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 3, 8]) {
      const rows = await selectRows(database.db, sql`select body, tags from notes where id = ${id}`);
      expect(rows).toEqual([{ body: `note ${id}`, tags: [`t${id}`] }]);
    }
    const statements = (await preparedStatements()).map((row) => row.statement);
    expect(statements.filter((text) => text.includes("from notes where id = $1"))).toHaveLength(1);
  });

  it("report a failed run with PostgreSQL's code, and run the next statement normally", async () => {
    await expect(
      database.executeSql("insert into notes (id, body, tags) values ($1, $2, $3)", [1, "again", []]),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(selectRows(database.db, sql`select body from notes where id = ${2}`)).resolves.toEqual([
      { body: "note 2" },
    ]);
  });

  it("keep a transaction's statements inside it, and wait for it", async () => {
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`update notes set body = ${"changed"} where id = ${4}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`update notes set body = ${"changed twice"} where id = ${4}`);
    });
    // Sent while the transaction is open: it must see the committed result, never the first update.
    const outside = selectRows<{ body: string }>(database.db, sql`select body from notes where id = ${4}`);
    await inside;
    expect(await outside).toEqual([{ body: "changed twice" }]);
  });

  it("leave statements without parameters unnamed (they may be several)", async () => {
    await database.executeSql("select 1; select 2");
    const statements = (await preparedStatements()).map((row) => row.statement);
    expect(statements.some((text) => text.includes("select 1; select 2"))).toBe(false);
  });
});
