import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openMemoryPglite, selectRows } from "./client";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openMemoryPglite();
});
afterAll(async () => {
  await database.close();
});

describe("PGlite statements (decision 023)", () => {
  it("let the event loop turn between them, so waiting connections are served meanwhile", async () => {
    const order: string[] = [];
    const statements = Array.from({ length: 6 }, (_, index) =>
      selectRows<{ n: number }>(database.db, sql`select ${index}::int as n`).then(([row]) => {
        order.push(`statement ${row?.n}`);
      }),
    );
    // Stands for any I/O callback: it must not wait for every queued statement.
    setImmediate(() => order.push("event loop"));
    await Promise.all(statements);
    // Before decision 023 all six ran in one go and the callback came after the last.
    expect(order.slice(0, order.indexOf("statement 5"))).toContain("event loop");
  });

  it("still run in the order they were asked for, and a failed one does not stop the next", async () => {
    const results = await Promise.allSettled([
      selectRows<{ n: number }>(database.db, sql`select 1::int as n`),
      selectRows(database.db, sql`select * from no_such_table`),
      selectRows<{ n: number }>(database.db, sql`select 3::int as n`),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const last = results[2];
    expect(last?.status === "fulfilled" ? last.value : undefined).toEqual([{ n: 3 }]);
  });
});
