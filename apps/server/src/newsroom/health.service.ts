import type { HealthReport } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";

export function createHealthService(database: DatabaseHandle) {
  return {
    /** Proves the database answers a real query before reporting healthy. */
    async checkHealth(): Promise<HealthReport> {
      await database.db.execute(sql`select 1`);
      return { status: "ok", database: database.kind };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
