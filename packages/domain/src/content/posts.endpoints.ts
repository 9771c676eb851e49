import { PostDetailSchema, PostSummarySchema, pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { choiceQuery, PostIdParams, pageQuerySchema, textQuery } from "../api/query.schemas";
import {
  MAX_IMAGES_PER_BATCH,
  POST_SORTS,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  UPLOAD_MAX_BYTES,
} from "../rules/limits";
import { z } from "../zod";
import { FormImageListSchema, PostInputSchema } from "./posts.schemas";

/** /api/posts: docs/product.md#7-api "Posts". */

/** A post's state in the staff's lists (docs/product/post-lists.md). */
export const POST_STATUSES = ["published", "draft", "scheduled"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_BULK_ACTIONS = ["publish", "unpublish", "delete", "setCategory"] as const;
export const POST_BULK_MAX = 50;
export const POST_BULK_MESSAGES = { categoryRequired: "Choose the category to set" } as const;

export const PostBulkSchema = z
  .object({
    ids: z
      .array(z.string(), { error: `Choose from 1 to ${POST_BULK_MAX} posts` })
      .min(1, `Choose from 1 to ${POST_BULK_MAX} posts`)
      .max(POST_BULK_MAX, `Choose from 1 to ${POST_BULK_MAX} posts`),
    action: z.enum(POST_BULK_ACTIONS, { error: `Action must be one of ${POST_BULK_ACTIONS.join(", ")}` }),
    category: z.string().trim().optional().describe("setCategory: the category's name or slug"),
  })
  .strict()
  .refine((body) => body.action !== "setCategory" || Boolean(body.category), {
    message: POST_BULK_MESSAGES.categoryRequired,
    path: ["category"],
  });
export type PostBulk = z.infer<typeof PostBulkSchema>;

export const PostListQuerySchema = pageQuerySchema(SEARCH_PAGE_SIZE).extend({
  search: textQuery(SEARCH_MAX_LENGTH, "Words of the title, content, category or tags"),
  category: textQuery(100, "Category name; All or empty for every category"),
  type: textQuery(100, "Type name; All or empty for every type"),
  author: textQuery(200, "Author slug: only that author's posts"),
  tag: textQuery(200, "Tag slug: only posts with that tag"),
  sort: choiceQuery("sort", POST_SORTS, "latest", "Order"),
  status: choiceQuery(
    "status",
    ["", ...POST_STATUSES],
    "",
    "Staff only: published, draft (not scheduled) or scheduled posts; empty for all. Readers see published posts whatever it says",
  ),
});
export type PostListQuery = z.output<typeof PostListQuerySchema>;

/**
 * The multipart form of a post: the JSON body's fields as text, checked by the same rules,
 * and up to five image files or URLs.
 */
const postField = PostInputSchema.shape;
const PostFormSchema = z.object({
  title: postField.title,
  link: postField.link,
  category: postField.category,
  type: postField.type,
  content: postField.content,
  slug: postField.slug,
  isPublished: z.enum(["true", "false"]).optional(),
  scheduledAt: z
    .union([z.literal(""), z.iso.datetime({ offset: true })])
    .optional()
    .meta({ description: "ISO 8601 date and time; empty unschedules" }),
  correction: postField.correction.meta({ description: "Correction note; empty removes it" }),
  image: FormImageListSchema,
  tags: postField.tags.meta({ description: "Tag names, one field each, in order" }),
  imageAlt: postField.imageAlt.meta({
    description: "Each image's description (alt text), in the images' order; no more than there are images",
  }),
  excerpt: postField.excerpt,
  metaTitle: postField.metaTitle,
  metaDescription: postField.metaDescription,
  socialImage: postField.socialImage,
  canonicalUrl: postField.canonicalUrl,
});

// A form with five images of the largest size, plus room for the text fields and the framing.
const MAX_POST_FORM_BYTES = MAX_IMAGES_PER_BATCH * UPLOAD_MAX_BYTES + 256 * 1024;

const TogglePublishAnswerSchema = z.object({ _id: z.string(), isPublished: z.boolean() });

export const postsApi = {
  list: endpoint({
    method: "get",
    path: "/api/posts",
    tag: "Posts",
    summary: "List and search posts",
    description: "Published posts only, unless the viewer is staff.",
    access: "optional",
    query: PostListQuerySchema,
    response: pageSchema(PostSummarySchema).extend({
      totalIsEstimate: z
        .boolean()
        .optional()
        .describe(
          "True when `total` is an estimate, to two significant digits: a search expecting over 1,000 matches, a list of over 10,000 posts; false when counted",
        ),
    }),
    responseDescription: "A page of posts",
  }),
  create: endpoint({
    method: "post",
    path: "/api/posts",
    tag: "Posts",
    summary: "Create a post",
    description: "JSON, or multipart form data whose image files are uploaded first.",
    access: "staff",
    body: PostInputSchema,
    form: PostFormSchema,
    maxBodyBytes: MAX_POST_FORM_BYTES,
    status: 201,
    response: PostDetailSchema,
    responseDescription: "The new post",
    errors: [400, 404, 409, 413, 415],
  }),
  get: endpoint({
    method: "get",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "One post with its content, latest comments and reviews",
    description: "Counts a view. Drafts are visible to staff only.",
    access: "optional",
    params: PostIdParams,
    response: PostDetailSchema,
    responseDescription: "The post",
    errors: [404],
  }),
  update: endpoint({
    method: "patch",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "Update a post",
    description: "JSON or multipart form data, the same fields as creating.",
    access: "staff",
    params: PostIdParams,
    body: PostInputSchema,
    form: PostFormSchema,
    maxBodyBytes: MAX_POST_FORM_BYTES,
    response: PostDetailSchema,
    responseDescription: "The updated post",
    errors: [400, 404, 409, 413, 415],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/posts/{id}",
    tag: "Posts",
    summary: "Delete a post",
    access: "staff",
    params: PostIdParams,
    response: MessageSchema,
    responseDescription: "Deleted",
    errors: [404],
  }),
  bulk: endpoint({
    method: "post",
    path: "/api/posts/bulk",
    tag: "Posts",
    summary: "Several posts at once: publish, unpublish, delete, or move to a category",
    description: "Each post as its own call would; posts gone meanwhile are passed over.",
    access: "staff",
    body: PostBulkSchema,
    response: z.object({ message: z.string(), changed: z.number().int() }).meta({ id: "PostBulkAnswer" }),
    responseDescription: "How many posts changed",
    errors: [400, 404],
  }),
  togglePublish: endpoint({
    method: "patch",
    path: "/api/posts/{id}/publish",
    tag: "Posts",
    summary: "Publish a draft or unpublish a post",
    access: "staff",
    params: PostIdParams,
    response: TogglePublishAnswerSchema,
    responseDescription: "The post's new state",
    errors: [404],
  }),
};
