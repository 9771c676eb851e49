import { AdvertSchema, pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { choiceQuery, pageQuerySchema, uuidParams } from "../api/query.schemas";
import { ADVERT_PLACEMENTS, MAX_IMAGES_PER_POST, UPLOAD_MAX_BYTES } from "../rules/limits";
import { z } from "../zod";
import { ADVERT_PAGE_SIZE, AdvertInputSchema } from "./adverts.schemas";
import { FormImageListSchema } from "./posts.schemas";

/** /api/adverts: docs/product.md#7-api "Adverts". Anyone reads them (the site shows them); staff manage them. */

export const AdvertListQuerySchema = pageQuerySchema(ADVERT_PAGE_SIZE).extend({
  category: choiceQuery("category", [...ADVERT_PLACEMENTS, "All", ""], "", "Placement; All or empty for every advert"),
});
export type AdvertListQuery = z.output<typeof AdvertListQuerySchema>;

/** The multipart form of an advert: the JSON fields as text, and up to five image files or URLs. */
const advertField = AdvertInputSchema.shape;
const AdvertFormSchema = z.object({
  link: advertField.link,
  category: advertField.category,
  content: advertField.content,
  image: FormImageListSchema,
});

// A form with five images of the largest size, plus room for the text fields and the framing.
const MAX_ADVERT_FORM_BYTES = MAX_IMAGES_PER_POST * UPLOAD_MAX_BYTES + 256 * 1024;

const AdvertIdParams = uuidParams("advert");

export const advertsApi = {
  list: endpoint({
    method: "get",
    path: "/api/adverts",
    tag: "Adverts",
    summary: "List adverts, newest first",
    access: "public",
    query: AdvertListQuerySchema,
    response: pageSchema(AdvertSchema),
    responseDescription: "A page of adverts",
  }),
  create: endpoint({
    method: "post",
    path: "/api/adverts",
    tag: "Adverts",
    summary: "Create an advert",
    description: "Content HTML is sanitised. Files in a form may be JPEG, PNG, GIF or WebP.",
    access: "staff",
    body: AdvertInputSchema,
    form: AdvertFormSchema,
    maxBodyBytes: MAX_ADVERT_FORM_BYTES,
    status: 201,
    response: AdvertSchema,
    responseDescription: "The new advert",
    errors: [400, 404, 413, 415],
  }),
  get: endpoint({
    method: "get",
    path: "/api/adverts/{id}",
    tag: "Adverts",
    summary: "One advert",
    access: "public",
    params: AdvertIdParams,
    response: AdvertSchema,
    responseDescription: "The advert",
    errors: [404],
  }),
  update: endpoint({
    method: "patch",
    path: "/api/adverts/{id}",
    tag: "Adverts",
    summary: "Update an advert",
    description: "JSON or multipart form data, the same fields as creating.",
    access: "staff",
    params: AdvertIdParams,
    body: AdvertInputSchema,
    form: AdvertFormSchema,
    maxBodyBytes: MAX_ADVERT_FORM_BYTES,
    response: AdvertSchema,
    responseDescription: "The updated advert",
    errors: [400, 404, 413, 415],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/adverts/{id}",
    tag: "Adverts",
    summary: "Delete an advert",
    access: "staff",
    params: AdvertIdParams,
    response: MessageSchema,
    responseDescription: "Add deleted successfully",
    errors: [404],
  }),
};
