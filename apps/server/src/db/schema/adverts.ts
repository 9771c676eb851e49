import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const adverts = pgTable(
  "adverts",
  {
    id: id(),
    link: text("link").notNull().default(""),
    placement: text("placement", { enum: ["Advert Top", "Advert Main", "Advert Main2"] }).notNull(),
    content: text("content").notNull().default(""),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("adverts_placement_check", sql`${table.placement} in ('Advert Top', 'Advert Main', 'Advert Main2')`),
    check("adverts_images_max_5", sql`cardinality(${table.images}) <= 5`),
    // Ascending: read backwards it gives `created_at desc, id desc` (see posts.ts).
    index("adverts_placement_created_idx").on(table.placement, table.createdAt, table.id),
  ],
);
