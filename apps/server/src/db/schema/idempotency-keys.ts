import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The first answer to each create sent with an `Idempotency-Key` (issue 43, decision 076):
 * the row is claimed before the create runs, so a repeat, even one arriving while the first
 * is still running, answers the first result instead of creating twice.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Whose key it is: a user's id, or the address of a caller without a session. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body, so a key reused for another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** Null while the first request runs. */
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);
