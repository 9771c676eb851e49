import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";
import { categories } from "./categories";

/** Post types ("brands" in the admin routes); each belongs to one category. */
export const types = pgTable(
  "types",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("types_name_lower_unique").on(sql`lower(${table.name})`),
    index("types_category_id_idx").on(table.categoryId),
  ],
);
