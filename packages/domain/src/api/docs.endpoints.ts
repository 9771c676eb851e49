import { z } from "../zod";
import { endpoint } from "./endpoint";

/** /api/openapi.json and /api/docs: the API's own description. */
export const docsApi = {
  document: endpoint({
    method: "get",
    path: "/api/openapi.json",
    tag: "Docs",
    summary: "This OpenAPI document",
    access: "public",
    response: z.record(z.string(), z.unknown()),
    responseDescription: "OpenAPI 3.1",
  }),
  page: endpoint({
    method: "get",
    path: "/api/docs",
    tag: "Docs",
    summary: "The API reference as an HTML page",
    access: "public",
    response: z.string(),
    responseDescription: "HTML",
    responseMediaType: "text/html",
  }),
};
