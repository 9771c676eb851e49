import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

let editor: TestAgent;
let admin: TestAgent;
let reader: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  reader = (await signUp(context.app, { role: "user" })).agent;
});

/** A name no other test uses, so tests sharing this file's database do not collide. */
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function createCategory(name = uniqueName("Category")) {
  const response = await editor.post("/api/category/createCategory", { name });
  expect(response.status).toBe(201);
  return response.body.category as { _id: string; name: string; slug: string };
}

async function createType(category: string, name = uniqueName("Type")) {
  const response = await editor.post("/api/type/createType", { name, category });
  expect(response.status).toBe(201);
  return response.body.type as { _id: string; name: string; slug: string; category: string; categoryId: string };
}

// Byte order of the lower-cased names: what the API promises on both engines.
const isSortedByName = (names: string[]) =>
  names.every((name, index) => index === 0 || (names[index - 1] ?? "").toLowerCase() < name.toLowerCase());

describe(`/api/category on ${testDatabaseKind()}`, () => {
  it("creates a category for an editor with 201, the product's message and a slug from the trimmed name", async () => {
    const name = uniqueName("World News");
    const response = await editor.post("/api/category/createCategory", { name: `  ${name}  ` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: "Category created Successful",
      category: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name,
        slug: name.toLowerCase().replace(/ /g, "-"),
        createdAt: expect.any(String),
      },
    });
    expect(Number.isNaN(Date.parse(response.body.category.createdAt))).toBe(false);
  });

  it("lets an admin create a category too", async () => {
    const response = await admin.post("/api/category/createCategory", { name: uniqueName("Admin Made") });
    expect(response.status).toBe(201);
  });

  it("refuses an anonymous visitor with 401 and a reader with 403, before looking at the body", async () => {
    const name = uniqueName("Refused");
    const anonymousResponse = await anonymous().post("/api/category/createCategory", { name });
    expect(anonymousResponse.status).toBe(401);
    expect(anonymousResponse.body).toEqual({ message: "Please log in to continue" });
    const readerResponse = await reader.post("/api/category/createCategory", { name });
    expect(readerResponse.status).toBe(403);
    expect(readerResponse.body).toEqual({ message: "Only editors and admins can do this" });
    // An invalid body still gets the permission answer, not a validation one.
    expect((await anonymous().post("/api/category/createCategory", {})).status).toBe(401);
    expect((await reader.post("/api/category/createCategory", {})).status).toBe(403);
    const names = (await anonymous().get("/api/category/getCategories")).body.map((row: { name: string }) => row.name);
    expect(names).not.toContain(name);
  });

  it.each([
    [{}, "Category name must be up to 3 characters"],
    [{ name: "ab" }, "Category name must be up to 3 characters"],
    [{ name: "  ab  " }, "Category name must be up to 3 characters"],
    [{ name: 42 }, "Category name must be up to 3 characters"],
    [{ name: "x".repeat(51) }, "Category name must be at most 50 characters"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const response = await editor.post("/api/category/createCategory", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("accepts a name of exactly 3 characters", async () => {
    const name = `C${randomUUID().slice(0, 2)}`;
    expect((await editor.post("/api/category/createCategory", { name })).status).toBe(201);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await editor.post("/api/category/createCategory", '{"name": "Tech');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("refuses a duplicate name, also in another letter case, with 409", async () => {
    const name = uniqueName("Travel");
    await createCategory(name);
    for (const again of [name, name.toUpperCase(), name.toLowerCase()]) {
      const response = await admin.post("/api/category/createCategory", { name: again });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: "Category already exists" });
    }
  });

  it("refuses a different name that gives the same slug with 409", async () => {
    const name = uniqueName("Audio Video");
    await createCategory(name);
    const response = await editor.post("/api/category/createCategory", { name: name.replace(" ", "-") });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "Category already exists" });
  });

  it("lists categories publicly as an array sorted by name, whatever the letter case", async () => {
    const suffix = randomUUID().slice(0, 8);
    await createCategory(`Zulu ${suffix}`);
    await createCategory(`alpha ${suffix}`);
    await createCategory(`Bravo ${suffix}`);
    const response = await anonymous().get("/api/category/getCategories");
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const names: string[] = response.body.map((row: { name: string }) => row.name);
    expect(isSortedByName(names)).toBe(true);
    const mine = names.filter((name) => name.endsWith(suffix));
    expect(mine).toEqual([`alpha ${suffix}`, `Bravo ${suffix}`, `Zulu ${suffix}`]);
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      slug: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it("deletes an unused category for staff, after which it is gone", async () => {
    const category = await createCategory();
    const response = await admin.delete(`/api/category/${category.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Category deleted successfully" });
    const slugs = (await anonymous().get("/api/category/getCategories")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).not.toContain(category.slug);
    expect((await admin.delete(`/api/category/${category.slug}`)).status).toBe(404);
  });

  it("lets an editor delete a category", async () => {
    const category = await createCategory();
    expect((await editor.delete(`/api/category/${category.slug}`)).status).toBe(200);
  });

  it("refuses a delete by an anonymous visitor (401) or a reader (403) and keeps the category", async () => {
    const category = await createCategory();
    expect((await anonymous().delete(`/api/category/${category.slug}`)).status).toBe(401);
    expect((await reader.delete(`/api/category/${category.slug}`)).status).toBe(403);
    const slugs = (await anonymous().get("/api/category/getCategories")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).toContain(category.slug);
  });

  it("answers the delete of an unknown category with 404", async () => {
    const response = await editor.delete("/api/category/no-such-category");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Category not found" });
  });

  it("refuses to delete a category that posts use with 409, and keeps it", async () => {
    const category = await createCategory();
    await insertPost(context.database.db, { categoryId: category._id });
    const response = await editor.delete(`/api/category/${category.slug}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: "This category is still used by posts or types; move or delete them first",
    });
    const slugs = (await anonymous().get("/api/category/getCategories")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).toContain(category.slug);
  });

  it("refuses to delete a category that types use with 409, and keeps both", async () => {
    const category = await createCategory();
    const type = await createType(category.slug);
    const response = await admin.delete(`/api/category/${category.slug}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: "This category is still used by posts or types; move or delete them first",
    });
    const slugs = (await anonymous().get("/api/category/getCategories")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).toContain(category.slug);
    const types = (await anonymous().get("/api/type/getTypes")).body.map((row: { slug: string }) => row.slug);
    expect(types).toContain(type.slug);
  });
});

describe(`/api/type on ${testDatabaseKind()}`, () => {
  it("creates a type for an editor with 201 and the product's message; category is the category's name", async () => {
    const category = await createCategory();
    const name = uniqueName("Breaking");
    const response = await editor.post("/api/type/createType", { name, category: category.name });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: "Post Type created Successful",
      type: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name,
        slug: name.toLowerCase().replace(/ /g, "-"),
        category: category.name,
        categoryId: category._id,
        createdAt: expect.any(String),
      },
    });
  });

  it("finds the category by its slug, its id, or its name in another letter case", async () => {
    const category = await createCategory();
    for (const reference of [category.slug, category._id, category.name.toUpperCase()]) {
      const response = await admin.post("/api/type/createType", { name: uniqueName("Type"), category: reference });
      expect(response.status).toBe(201);
      expect(response.body.type).toMatchObject({ category: category.name, categoryId: category._id });
    }
  });

  it("answers an unknown category with 404", async () => {
    const response = await editor.post("/api/type/createType", { name: uniqueName("Type"), category: "no-such-one" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Category not found" });
  });

  it("refuses an anonymous visitor with 401 and a reader with 403, before looking at the body", async () => {
    const category = await createCategory();
    const body = { name: uniqueName("Type"), category: category.slug };
    expect((await anonymous().post("/api/type/createType", body)).status).toBe(401);
    expect((await reader.post("/api/type/createType", body)).status).toBe(403);
    expect((await anonymous().post("/api/type/createType", {})).status).toBe(401);
    expect((await reader.post("/api/type/createType", {})).status).toBe(403);
    const names = (await anonymous().get("/api/type/getTypes")).body.map((row: { name: string }) => row.name);
    expect(names).not.toContain(body.name);
  });

  it.each([
    [{ category: "news" }, "Type name must be up to 3 characters"],
    [{ name: "a", category: "news" }, "Type name must be up to 3 characters"],
    [{ name: " a ", category: "news" }, "Type name must be up to 3 characters"],
    [{ name: "Opinion" }, "Please select a category"],
    [{ name: "Opinion", category: "" }, "Please select a category"],
    [{ name: "Opinion", category: "   " }, "Please select a category"],
    [{}, "Type name must be up to 3 characters"],
    [{ name: "x".repeat(51), category: "news" }, "Type name must be at most 50 characters"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const response = await editor.post("/api/type/createType", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("accepts a name of exactly 2 characters", async () => {
    const category = await createCategory();
    const name = randomUUID().slice(0, 2);
    const response = await editor.post("/api/type/createType", { name, category: category.slug });
    expect(response.status).toBe(201);
    expect(response.body.type.name).toBe(name);
  });

  it("answers malformed JSON with 400", async () => {
    const response = await editor.post("/api/type/createType", "{name:");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("refuses a duplicate type name, also in another letter case, with 409", async () => {
    const category = await createCategory();
    const name = uniqueName("Opinion");
    await createType(category.slug, name);
    for (const again of [name, name.toUpperCase()]) {
      const response = await admin.post("/api/type/createType", { name: again, category: category.slug });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: "Type already exists" });
    }
  });

  it("lists types publicly as an array sorted by category name, then type name", async () => {
    const suffix = randomUUID().slice(0, 8);
    const beta = await createCategory(`Beta ${suffix}`);
    const alpha = await createCategory(`alpha ${suffix}`);
    await createType(beta.slug, `Apple ${suffix}`);
    await createType(alpha.slug, `Zebra ${suffix}`);
    await createType(alpha.slug, `mango ${suffix}`);
    const response = await anonymous().get("/api/type/getTypes");
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const rows: { name: string; category: string }[] = response.body;
    expect(isSortedByName([...new Set(rows.map((row) => row.category))])).toBe(true);
    const mine = rows.filter((row) => row.name.endsWith(suffix)).map((row) => [row.category, row.name]);
    expect(mine).toEqual([
      [alpha.name, `mango ${suffix}`],
      [alpha.name, `Zebra ${suffix}`],
      [beta.name, `Apple ${suffix}`],
    ]);
  });

  it("narrows the list to one category given by name or slug", async () => {
    const category = await createCategory();
    const other = await createCategory();
    const type = await createType(category.slug);
    await createType(other.slug);
    for (const reference of [category.slug, category.name.toLowerCase()]) {
      const response = await anonymous().get(`/api/type/getTypes?category=${encodeURIComponent(reference)}`);
      expect(response.status).toBe(200);
      expect(response.body.map((row: { _id: string }) => row._id)).toEqual([type._id]);
    }
    expect((await anonymous().get("/api/type/getTypes?category=no-such-one")).body).toEqual([]);
  });

  it("deletes an unused type for staff, after which it is gone; a second delete is 404", async () => {
    const category = await createCategory();
    const type = await createType(category.slug);
    const response = await editor.delete(`/api/type/${type.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Type deleted successfully" });
    const slugs = (await anonymous().get("/api/type/getTypes")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).not.toContain(type.slug);
    const again = await admin.delete(`/api/type/${type.slug}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Type not found" });
    // With its last type gone, the category can go too.
    expect((await admin.delete(`/api/category/${category.slug}`)).status).toBe(200);
  });

  it("refuses a delete by an anonymous visitor (401) or a reader (403) and keeps the type", async () => {
    const category = await createCategory();
    const type = await createType(category.slug);
    expect((await anonymous().delete(`/api/type/${type.slug}`)).status).toBe(401);
    expect((await reader.delete(`/api/type/${type.slug}`)).status).toBe(403);
    expect((await admin.delete(`/api/type/${type.slug}`)).status).toBe(200);
  });

  it("refuses to delete a type that posts use with 409, and keeps it", async () => {
    const category = await createCategory();
    const type = await createType(category.slug);
    await insertPost(context.database.db, { categoryId: category._id, typeId: type._id });
    const response = await admin.delete(`/api/type/${type.slug}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: "This type is still used by posts; move or delete them first" });
    const slugs = (await anonymous().get("/api/type/getTypes")).body.map((row: { slug: string }) => row.slug);
    expect(slugs).toContain(type.slug);
  });
});
