import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Rate-limit counters shared by every instance on PostgreSQL (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});
