import { isUuid, POST_MESSAGES } from "@broadsheet/domain";
import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, types } from "../db/schema";
import { invalid, notFound } from "../errors";

/** The category a post is filed under, given by id, slug or name (any letter case); 404 when there is none. */
export async function resolveCategory(db: Database, reference: string) {
  const [category] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      isUuid(reference)
        ? eq(categories.id, reference)
        : or(eq(categories.slug, reference), sql`lower(${categories.name}) = ${reference.toLowerCase()}`),
    )
    .limit(1);
  if (!category) throw notFound(POST_MESSAGES.categoryNotFound);
  return category;
}

/** A post's type, given by id, slug or name; none for an empty reference; it must belong to the post's category. */
export async function resolveType(db: Database, reference: string, categoryId: string) {
  if (!reference) return null;
  const [type] = await db
    .select({ id: types.id, categoryId: types.categoryId })
    .from(types)
    .where(
      isUuid(reference)
        ? eq(types.id, reference)
        : or(eq(types.slug, reference), sql`lower(${types.name}) = ${reference.toLowerCase()}`),
    )
    .limit(1);
  if (!type) throw notFound(POST_MESSAGES.typeNotFound);
  if (type.categoryId !== categoryId) throw invalid(POST_MESSAGES.typeNotInCategory);
  return type;
}
