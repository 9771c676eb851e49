import { categoriesApi, TAXONOMY_MESSAGES, typesApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";

/** /api/category/*: docs/product.md#7-api "Categories and types". Reading is public; changes are for staff. */
export function categoryRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(categoriesApi.create), async (c) => {
      const category = await services.taxonomy.createCategory(c.req.valid("json").name);
      return c.json({ message: TAXONOMY_MESSAGES.categoryCreated, category }, 201);
    })
    .openapi(routeOf(categoriesApi.list), async (c) => c.json(await services.taxonomy.listCategories(), 200))
    .openapi(routeOf(categoriesApi.remove), async (c) => {
      await services.taxonomy.deleteCategory(c.req.valid("param").slug);
      return c.json({ message: TAXONOMY_MESSAGES.categoryDeleted }, 200);
    });
}

/** /api/type/*: post types, each within one category. */
export function typeRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(typesApi.create), async (c) => {
      const input = c.req.valid("json");
      const type = await services.taxonomy.createType(input.name, input.category);
      return c.json({ message: TAXONOMY_MESSAGES.typeCreated, type }, 201);
    })
    .openapi(routeOf(typesApi.list), async (c) =>
      c.json(await services.taxonomy.listTypes(c.req.valid("query").category || undefined), 200),
    )
    .openapi(routeOf(typesApi.remove), async (c) => {
      await services.taxonomy.deleteType(c.req.valid("param").slug);
      return c.json({ message: TAXONOMY_MESSAGES.typeDeleted }, 200);
    });
}
