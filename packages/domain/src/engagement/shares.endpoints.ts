import { endpoint, MessageSchema } from "../api/endpoint";
import { ShareInputSchema } from "./engagement.schemas";

/** /api/shares (docs/product.md#7-api "Other"): a share of a post, which feeds the Hot widget. */
export const sharesApi = {
  record: endpoint({
    method: "post",
    path: "/api/shares",
    tag: "Engagement",
    summary: "Record a share of a post",
    description: "`postId` is the post's slug or id. Bounded per client.",
    access: "public",
    body: ShareInputSchema,
    status: 201,
    response: MessageSchema,
    responseDescription: "Share recorded",
    errors: [400, 404, 429],
  }),
};
