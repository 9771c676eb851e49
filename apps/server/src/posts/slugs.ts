import { slugify } from "@broadsheet/domain";
import { and, eq, ilike, ne, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { posts } from "../db/schema";
import { escapeLike } from "../db/sql-patterns";

/** A slug from the title, suffixed -2, -3, … when taken. */
export async function availableSlug(db: Database, title: string, ownId?: string): Promise<string> {
  const base = slugify(title);
  const taken = await db
    .select({ slug: posts.slug, id: posts.id })
    .from(posts)
    .where(or(eq(posts.slug, base), ilike(posts.slug, `${escapeLike(base)}-%`)));
  const used = new Set(taken.filter((row) => row.id !== ownId).map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!used.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** True when another post than `ownId` already has `slug`. */
export async function slugTaken(db: Database, slug: string, ownId?: string): Promise<boolean> {
  const [other] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), ownId ? ne(posts.id, ownId) : undefined))
    .limit(1);
  return other !== undefined;
}
