import { PostDetailSchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";
import { PostIdParams } from "../api/query.schemas";
import { z } from "../zod";

/** A post's saved versions (issue 15): listed, read and restored by staff. */

export const REVISION_MESSAGES = {
  notFound: "Revision not found",
  restored: "Revision restored",
} as const;

/** How many revisions a post keeps; older ones are pruned on save. */
export const REVISIONS_KEPT = 50;

export const RevisionSummarySchema = z
  .object({
    _id: z.string(),
    createdAt: z.string().meta({ format: "date-time" }),
    author: z.string().describe("Who saved it, or Anonymous once the account is gone"),
    title: z.string(),
    autosave: z.boolean().describe("An editor's unsaved text, kept while they typed"),
  })
  .meta({ id: "RevisionSummary" });
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionSchema = RevisionSummarySchema.extend({
  content: z.string().describe("Sanitised HTML as saved"),
  link: z.string(),
  image: z.array(z.string()),
  imageAlt: z.array(z.string()),
  category: z.string().describe("Category name when saved"),
  type: z.string().describe("Type name when saved, or empty"),
}).meta({ id: "Revision" });
export type Revision = z.infer<typeof RevisionSchema>;

const RevisionParams = PostIdParams.extend({
  revisionId: z.string().meta({ description: "The revision's id (UUID)" }),
});

export const revisionsApi = {
  list: endpoint({
    method: "get",
    path: "/api/posts/{id}/revisions",
    tag: "Posts",
    summary: "A post's revisions, newest first",
    description: `Every save keeps one; the newest ${REVISIONS_KEPT} are kept, with each editor's latest autosave.`,
    access: "staff",
    params: PostIdParams,
    response: z.array(RevisionSummarySchema),
    responseDescription: "Revisions",
    errors: [404],
  }),
  get: endpoint({
    method: "get",
    path: "/api/posts/{id}/revisions/{revisionId}",
    tag: "Posts",
    summary: "One revision with its content",
    access: "staff",
    params: RevisionParams,
    response: RevisionSchema,
    responseDescription: "The revision",
    errors: [404],
  }),
  restore: endpoint({
    method: "post",
    path: "/api/posts/{id}/revisions/{revisionId}/restore",
    tag: "Posts",
    summary: "Make a revision the post's current version",
    description: "Saved as a new revision; the ones in between are kept.",
    access: "staff",
    params: RevisionParams,
    response: PostDetailSchema,
    responseDescription: "The post as restored",
    errors: [404],
  }),
};
