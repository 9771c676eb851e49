import { PostDetailSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { PostIdParams } from "../api/query.schemas";
import { z } from "../zod";

/** Secret preview links of drafts and scheduled posts (issue 15). */

export const PREVIEW_MESSAGES = {
  notFound: "This preview link does not work: it was revoked, or the post is published",
  alreadyPublished: "The post is published: share its own address instead of a preview link",
  revoked: "Preview link revoked",
} as const;

const TokenParams = z.object({ token: z.string().max(200).meta({ description: "The secret of the link" }) });

export const previewsApi = {
  createLink: endpoint({
    method: "post",
    path: "/api/posts/{id}/preview-link",
    tag: "Posts",
    summary: "Make a secret preview link for a draft or scheduled post",
    description: "A new link replaces the post's previous one, which stops working.",
    access: "staff",
    params: PostIdParams,
    status: 201,
    response: z.object({ url: z.string().describe("The preview page's full address") }),
    responseDescription: "The link",
    errors: [404, 409],
  }),
  revokeLink: endpoint({
    method: "delete",
    path: "/api/posts/{id}/preview-link",
    tag: "Posts",
    summary: "Revoke a post's preview link",
    access: "staff",
    params: PostIdParams,
    response: MessageSchema,
    responseDescription: "Revoked",
    errors: [404],
  }),
  get: endpoint({
    method: "get",
    path: "/api/previews/{token}",
    tag: "Posts",
    summary: "The post a preview link shows",
    description: "Works while the post is unpublished and the link is not revoked; never cached.",
    access: "public",
    params: TokenParams,
    response: PostDetailSchema,
    responseDescription: "The post as readers will see it",
    errors: [404],
  }),
};
