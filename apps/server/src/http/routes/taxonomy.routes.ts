import { CategoryInputSchema, TAXONOMY_MESSAGES, TypeInputSchema } from "@broadsheet/domain";
import { Hono } from "hono";
import type { Services } from "../../services";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { currentStaff } from "../middleware/session";

/** /api/category/*: SPEC.md §7 "Categories and types". Reading is public; changes are for staff. */
export function categoryRoutes(services: Services) {
  return new Hono<AppEnv>()
    .post("/createCategory", async (c) => {
      currentStaff(c);
      const input = await readJsonInput(c, CategoryInputSchema);
      const category = await services.taxonomy.createCategory(input.name);
      return c.json({ message: TAXONOMY_MESSAGES.categoryCreated, category }, 201);
    })
    .get("/getCategories", async (c) => c.json(await services.taxonomy.listCategories()))
    .delete("/:slug", async (c) => {
      currentStaff(c);
      await services.taxonomy.deleteCategory(c.req.param("slug"));
      return c.json({ message: TAXONOMY_MESSAGES.categoryDeleted });
    });
}

/** /api/type/*: post types, each within one category. */
export function typeRoutes(services: Services) {
  return new Hono<AppEnv>()
    .post("/createType", async (c) => {
      currentStaff(c);
      const input = await readJsonInput(c, TypeInputSchema);
      const type = await services.taxonomy.createType(input.name, input.category);
      return c.json({ message: TAXONOMY_MESSAGES.typeCreated, type }, 201);
    })
    .get("/getTypes", async (c) => {
      const category = c.req.query("category")?.trim().slice(0, 200);
      return c.json(await services.taxonomy.listTypes(category || undefined));
    })
    .delete("/:slug", async (c) => {
      currentStaff(c);
      await services.taxonomy.deleteType(c.req.param("slug"));
      return c.json({ message: TAXONOMY_MESSAGES.typeDeleted });
    });
}
