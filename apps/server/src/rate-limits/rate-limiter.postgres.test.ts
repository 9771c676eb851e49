import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import {
  expectFallbackReported,
  itLimitsOnTheStore,
  limiterWithLog,
  storeKey,
  testRule,
} from "../testing/rate-limiter-behaviour";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";

/*
 * The PostgreSQL store (the rate_limits table), which instances sharing a DATABASE_URL use
 * without Redis. The counts are read from the table itself.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("rate limiter on the PostgreSQL table rate_limits", () => {
  itLimitsOnTheStore(
    () => ({ kind: "database", db: database.db }),
    async (_limiter, rule, subject) => {
      const { rows } = await database.executeSql("select points from rate_limits where key = $1", [
        storeKey(rule, subject),
      ]);
      return Number((rows[0] as { points?: number } | undefined)?.points ?? 0);
    },
  );

  it("falls back to this process's memory when the database is out of reach, and says so", async () => {
    const gone = await openDatabase({ dataDir: "", databaseUrl: database.url as string });
    await gone.close();
    const { limiter, lines } = limiterWithLog({ kind: "database", db: gone.db });
    const rule = testRule(1);
    await limiter.consume(rule, "reader");
    await expect(limiter.consume(rule, "reader")).rejects.toMatchObject({ status: 429 });
    expectFallbackReported(limiter, lines, "database");
    await limiter.close();
  });
});
