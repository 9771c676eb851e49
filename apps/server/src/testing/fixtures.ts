import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import { categories, posts, types, users } from "../db/schema";

/* Minimal rows inserted straight into the database, for tests of the schema and services. */

const unique = () => randomUUID().slice(0, 8);

export async function insertUser(db: Database, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      name: "Test Reader",
      email: `reader-${unique()}@example.com`,
      passwordHash: "x",
      slug: `reader-${unique()}`,
      ...values,
    })
    .returning();
  if (!user) throw new Error("user not inserted");
  return user;
}

export async function insertCategory(db: Database, name = `Category ${unique()}`) {
  const [category] = await db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, "-") })
    .returning();
  if (!category) throw new Error("category not inserted");
  return category;
}

export async function insertType(db: Database, categoryId: string, name = `Type ${unique()}`) {
  const [type] = await db
    .insert(types)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, "-"), categoryId })
    .returning();
  if (!type) throw new Error("type not inserted");
  return type;
}

export async function insertPost(db: Database, values: Partial<typeof posts.$inferInsert> = {}) {
  const categoryId = values.categoryId ?? (await insertCategory(db)).id;
  const id = unique();
  const [post] = await db
    .insert(posts)
    .values({
      title: `Post ${id}`,
      slug: `post-${id}`,
      sku: `TES-${Date.now()}`,
      images: ["/media/example.webp"],
      isPublished: true,
      ...values,
      categoryId,
    })
    .returning();
  if (!post) throw new Error("post not inserted");
  return post;
}
