import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/*
 * Old addresses and where they now live (issue 41): slug changes, imported sites' permalinks
 * and an editor's own. `from_path` is a path, with its query string only where the query names
 * the page (WordPress's /?p=123).
 */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    fromPath: text("from_path").notNull().unique(),
    toPath: text("to_path").notNull(),
    statusCode: smallint("status_code").notNull().default(301),
    /** Who made it: "manual", "slug-change" or "import". */
    origin: text("origin").notNull().default("manual"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A new redirect re-points those that ended where it starts (chains collapse): found by target.
    index("redirects_to_path_idx").on(table.toPath),
    check("redirects_status_code_check", sql`${table.statusCode} in (301, 302)`),
    check("redirects_origin_check", sql`${table.origin} in ('manual', 'slug-change', 'import')`),
  ],
);
