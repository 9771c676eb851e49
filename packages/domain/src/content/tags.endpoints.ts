import { pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { idParam, pageQuerySchema, textQuery, uuidParams } from "../api/query.schemas";
import type { z } from "../zod";
import { TAG_NAME_MAX_LENGTH, TAG_PAGE_SIZE, TagMergeSchema, TagRenameSchema, TagSchema } from "./tags.schemas";

/** /api/tags: docs/product/tags.md. */

const TAG = "Tags";

export const TagListQuerySchema = pageQuerySchema(TAG_PAGE_SIZE).extend({
  search: textQuery(TAG_NAME_MAX_LENGTH, "Tags whose name starts with these letters (any case)"),
});
export type TagListQuery = z.output<typeof TagListQuerySchema>;

export const tagsApi = {
  list: endpoint({
    method: "get",
    path: "/api/tags",
    tag: TAG,
    summary: "List tags with their post counts",
    description: "Sorted by name. Readers count published posts; staff count drafts too.",
    access: "optional",
    query: TagListQuerySchema,
    response: pageSchema(TagSchema),
    responseDescription: "A page of tags",
  }),
  get: endpoint({
    method: "get",
    path: "/api/tags/{id}",
    tag: TAG,
    summary: "One tag (its page's data)",
    access: "optional",
    params: idParam("The tag's id (UUID) or slug"),
    response: TagSchema,
    responseDescription: "The tag",
    errors: [404],
  }),
  rename: endpoint({
    method: "put",
    path: "/api/tags/{id}",
    tag: TAG,
    summary: "Rename a tag",
    description: "The slug changes only when one is given.",
    access: "staff",
    params: uuidParams("tag"),
    body: TagRenameSchema,
    response: TagSchema,
    responseDescription: "The renamed tag",
    errors: [404, 409],
  }),
  merge: endpoint({
    method: "post",
    path: "/api/tags/{id}/merge",
    tag: TAG,
    summary: "Merge a tag into another",
    description: "Its posts get the other tag, then it is deleted.",
    access: "staff",
    params: uuidParams("tag"),
    body: TagMergeSchema,
    response: TagSchema,
    responseDescription: "The tag merged into",
    errors: [404],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/tags/{id}",
    tag: TAG,
    summary: "Delete a tag",
    description: "Its posts lose it; the posts stay.",
    access: "staff",
    params: uuidParams("tag"),
    response: MessageSchema,
    responseDescription: "Tag deleted",
    errors: [404],
  }),
};
