import { pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { choiceQuery, idParam, pageQuerySchema, uuidParams } from "../api/query.schemas";
import { MAX_PAGE_SIZE } from "../rules/limits";
import { z } from "../zod";
import { PageInputSchema } from "./pages.schemas";

/** /api/pages: static pages served at /{slug} (docs/product/pages.md). */

const TAG = "Pages";
const dateTime = () => z.string().meta({ format: "date-time" });

export const PAGE_STATUSES = ["all", "published", "draft"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const SitePageSummarySchema = z
  .object({
    _id: z.string().describe("UUID"),
    title: z.string(),
    slug: z.string(),
    path: z.string().describe("Where the page is served: /{slug}"),
    parentId: z.string().nullable().describe("The parent page's id, or null"),
    parentTitle: z.string().nullable().describe("The parent page's title, or null"),
    isPublished: z.boolean(),
    publishedAt: dateTime().nullable(),
    metaTitle: z.string().describe("Empty: the title is used"),
    metaDescription: z.string().describe("Empty: the excerpt, else the start of the text is used"),
    excerpt: z.string().describe("Shown under the title, or empty"),
    socialImage: z.string().describe("The image of shares, or empty"),
    canonicalUrl: z.string().describe("Empty: the page's own address"),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: "SitePageSummary" });
export type SitePageSummary = z.infer<typeof SitePageSummarySchema>;

export const SitePageSchema = SitePageSummarySchema.extend({
  content: z.string().describe("Sanitised HTML"),
}).meta({ id: "SitePage" });
export type SitePage = z.infer<typeof SitePageSchema>;

export const SitePageListQuerySchema = pageQuerySchema(MAX_PAGE_SIZE).extend({
  status: choiceQuery("status", PAGE_STATUSES, "all", "Staff only: published pages, drafts, or both"),
});
export type SitePageListQuery = z.output<typeof SitePageListQuerySchema>;

export const pagesApi = {
  list: endpoint({
    method: "get",
    path: "/api/pages",
    tag: TAG,
    summary: "List pages",
    description: "Published pages only, unless the viewer is staff, who may filter by status. By title.",
    access: "optional",
    query: SitePageListQuerySchema,
    response: pageSchema(SitePageSummarySchema),
    responseDescription: "A page of pages",
  }),
  get: endpoint({
    method: "get",
    path: "/api/pages/{id}",
    tag: TAG,
    summary: "One page with its content",
    description: "Drafts are visible to staff only.",
    access: "optional",
    params: idParam("The page's id (UUID) or slug"),
    response: SitePageSchema,
    responseDescription: "The page",
    errors: [404],
  }),
  create: endpoint({
    method: "post",
    path: "/api/pages",
    tag: TAG,
    summary: "Create a page",
    description: "The slug is made from the title when left empty; slugs the site's own screens use are refused.",
    access: "staff",
    body: PageInputSchema,
    status: 201,
    response: SitePageSchema,
    responseDescription: "The new page",
    errors: [400, 404, 409],
  }),
  update: endpoint({
    method: "put",
    path: "/api/pages/{id}",
    tag: TAG,
    summary: "Replace a page",
    access: "staff",
    params: uuidParams("page"),
    body: PageInputSchema,
    response: SitePageSchema,
    responseDescription: "The saved page",
    errors: [400, 404, 409],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/pages/{id}",
    tag: TAG,
    summary: "Delete a page",
    description: "Its subpages stay, without a parent.",
    access: "staff",
    params: uuidParams("page"),
    response: MessageSchema,
    responseDescription: "Deleted",
    errors: [404],
  }),
};
