import type { Category as CategoryJson, PostType as TypeJson } from "@broadsheet/domain";
import { isUuid, slugify, TAXONOMY_MESSAGES } from "@broadsheet/domain";
import { asc, type Column, eq, or, type SQL, sql } from "drizzle-orm";
import type { ReadCache } from "../caching";
import { CATEGORY_LISTS, type Caches } from "../caching";
import type { Database } from "../db/client";
import { isStillReferenced, isUniqueViolation, pgErrorCode } from "../db/pg-errors";
import { categories, types } from "../db/schema";
import { conflict, notFound } from "../errors";

export type { CategoryJson, TypeJson };

type CategoryRow = typeof categories.$inferSelect;

function toCategoryJson(row: CategoryRow): CategoryJson {
  return { _id: row.id, name: row.name, slug: row.slug, createdAt: row.createdAt.toISOString() };
}

function toTypeJson(row: typeof types.$inferSelect, categoryName: string): TypeJson {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    category: categoryName,
    categoryId: row.categoryId,
    createdAt: row.createdAt.toISOString(),
  };
}

// Byte order, so PGlite and a PostgreSQL server with any locale list names alike; names are
// unique whatever their letter case, so this order has no ties.
const byName = (column: Column) => asc(sql`lower(${column}) collate "C"`);

/** Matches a category given by its name (any letter case) or its slug. */
function categoryNamed(reference: string): SQL | undefined {
  return or(eq(categories.slug, reference.toLowerCase()), sql`lower(${categories.name}) = lower(${reference})`);
}

/** Categories and post types ("Categories and types" in docs/product.md#7-api). */
export function createTaxonomyService(db: Database, reads: ReadCache, caches: Caches) {
  /** An id wins over a slug, a slug over a name, should one string match several categories. */
  async function resolveCategory(reference: string): Promise<CategoryRow> {
    const byId = isUuid(reference) ? eq(categories.id, reference) : undefined;
    const rows = await db
      .select()
      .from(categories)
      .where(or(byId, categoryNamed(reference)))
      .limit(3);
    const found =
      rows.find((row) => row.id === reference) ?? rows.find((row) => row.slug === reference.toLowerCase()) ?? rows[0];
    if (!found) throw notFound(TAXONOMY_MESSAGES.categoryNotFound);
    return found;
  }

  // Every write changes the category and type lists (and the posts they label).
  const taxonomyChanged = () => caches.changed([CATEGORY_LISTS]);

  return {
    async createCategory(name: string): Promise<CategoryJson> {
      try {
        const [row] = await db
          .insert(categories)
          .values({ name, slug: slugify(name) })
          .returning();
        if (!row) throw new Error("insert returned no row");
        await taxonomyChanged();
        return toCategoryJson(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(TAXONOMY_MESSAGES.categoryExists);
        throw error;
      }
    },

    /** Every page with a filter shows it: shared from the read cache, cleared by taxonomy writes. */
    async listCategories(): Promise<CategoryJson[]> {
      return reads.get(
        "categories",
        async () => {
          const rows = await db.select().from(categories).orderBy(byName(categories.name));
          return rows.map(toCategoryJson);
        },
        () => [CATEGORY_LISTS],
      );
    },

    /** The foreign keys refuse the delete while posts or types use the category; nothing is removed then. */
    async deleteCategory(slug: string): Promise<void> {
      try {
        const deleted = await db
          .delete(categories)
          .where(eq(categories.slug, slug.toLowerCase()))
          .returning({ id: categories.id });
        if (deleted.length === 0) throw notFound(TAXONOMY_MESSAGES.categoryNotFound);
        await taxonomyChanged();
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(TAXONOMY_MESSAGES.categoryInUse);
        throw error;
      }
    },

    async createType(name: string, categoryReference: string): Promise<TypeJson> {
      const category = await resolveCategory(categoryReference);
      try {
        const [row] = await db
          .insert(types)
          .values({ name, slug: slugify(name), categoryId: category.id })
          .returning();
        if (!row) throw new Error("insert returned no row");
        await taxonomyChanged();
        return toTypeJson(row, category.name);
      } catch (error) {
        // A category deleted meanwhile fails the foreign key: it is as missing as before.
        if (pgErrorCode(error) === "23503") throw notFound(TAXONOMY_MESSAGES.categoryNotFound);
        if (isUniqueViolation(error)) throw conflict(TAXONOMY_MESSAGES.typeExists);
        throw error;
      }
    },

    /** Grouped by category, then by name; `category` (name or slug) narrows it to one category. */
    async listTypes(category?: string): Promise<TypeJson[]> {
      return reads.get(
        `types:${category ?? ""}`,
        async () => {
          const rows = await db
            .select({ type: types, categoryName: categories.name })
            .from(types)
            .innerJoin(categories, eq(categories.id, types.categoryId))
            .where(category ? categoryNamed(category) : undefined)
            .orderBy(byName(categories.name), byName(types.name));
          return rows.map((row) => toTypeJson(row.type, row.categoryName));
        },
        () => [CATEGORY_LISTS],
      );
    },

    async deleteType(slug: string): Promise<void> {
      try {
        const deleted = await db.delete(types).where(eq(types.slug, slug.toLowerCase())).returning({ id: types.id });
        if (deleted.length === 0) throw notFound(TAXONOMY_MESSAGES.typeNotFound);
        await taxonomyChanged();
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(TAXONOMY_MESSAGES.typeInUse);
        throw error;
      }
    },
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
