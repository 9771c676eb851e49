import { authorsApi } from "@broadsheet/domain";
import type { AuthorsService } from "../../../accounts";
import { apiRouter, routeOf } from "../../api-routes";

export function authorsRoutes(authors: AuthorsService) {
  return apiRouter()
    .openapi(routeOf(authorsApi.list), async (c) => c.json(await authors.listChoices(), 200))
    .openapi(routeOf(authorsApi.get), async (c) => c.json(await authors.getAuthor(c.req.valid("param").slug), 200));
}
