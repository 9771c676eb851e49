import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "../columns";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("categories_name_lower_unique").on(sql`lower(${table.name})`)],
);
