import { CategorySchema, PostTypeSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { z } from "../zod";
import { CategoryInputSchema, TypeInputSchema } from "./taxonomy.schemas";

/** /api/category and /api/type: docs/product.md#7-api "Categories and types". */

const TAG = "Categories and types";

const slugParams = (what: string) => z.object({ slug: z.string().meta({ description: `The ${what}'s slug` }) });

export const TypeListQuerySchema = z.object({
  category: z.preprocess(
    (raw: string | undefined) => (raw === null ? raw : typeof raw === "string" ? raw.trim().slice(0, 200) : ""),
    z.string().meta({ description: "Category name, slug or id" }),
  ),
});

export const categoriesApi = {
  create: endpoint({
    method: "post",
    path: "/api/category/createCategory",
    tag: TAG,
    summary: "Create a category",
    access: "staff",
    body: CategoryInputSchema,
    status: 201,
    response: z.object({ message: z.string(), category: CategorySchema }),
    responseDescription: "Message and the category",
    errors: [400, 409],
  }),
  list: endpoint({
    method: "get",
    path: "/api/category/getCategories",
    tag: TAG,
    summary: "Every category",
    access: "public",
    response: z.array(CategorySchema),
    responseDescription: "Categories by name",
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/category/{slug}",
    tag: TAG,
    summary: "Delete a category",
    description: "Refused while posts or types use it.",
    access: "staff",
    params: slugParams("category"),
    response: MessageSchema,
    responseDescription: "Category deleted",
    errors: [404, 409],
  }),
};

export const typesApi = {
  create: endpoint({
    method: "post",
    path: "/api/type/createType",
    tag: TAG,
    summary: "Create a post type within a category",
    access: "staff",
    body: TypeInputSchema,
    status: 201,
    response: z.object({ message: z.string(), type: PostTypeSchema }),
    responseDescription: "Message and the type",
    errors: [400, 404, 409],
  }),
  list: endpoint({
    method: "get",
    path: "/api/type/getTypes",
    tag: TAG,
    summary: "Every type, or those of one category",
    access: "public",
    query: TypeListQuerySchema,
    response: z.array(PostTypeSchema),
    responseDescription: "Types",
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/type/{slug}",
    tag: TAG,
    summary: "Delete a type",
    description: "Refused while posts use it.",
    access: "staff",
    params: slugParams("type"),
    response: MessageSchema,
    responseDescription: "Type deleted",
    errors: [404, 409],
  }),
};
