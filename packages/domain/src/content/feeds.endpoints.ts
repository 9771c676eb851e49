import { PostSummarySchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";
import { PostIdParams } from "../api/query.schemas";
import { z } from "../zod";

/**
 * /api/posts/{most-read,trendy,hot,icymi,related/{id},up-next/{id}}: lists of at most five
 * published posts (plain arrays), for the home page's widgets and the post page.
 */

const FeedSchema = z.array(PostSummarySchema);

export const feedsApi = {
  icymi: endpoint({
    method: "get",
    path: "/api/posts/icymi",
    tag: "Feeds",
    summary: "In case you missed it",
    access: "optional",
    response: FeedSchema,
    responseDescription: "Posts",
  }),
  mostRead: endpoint({
    method: "get",
    path: "/api/posts/most-read",
    tag: "Feeds",
    summary: "Most read posts",
    access: "optional",
    response: FeedSchema,
    responseDescription: "Posts",
  }),
  trendy: endpoint({
    method: "get",
    path: "/api/posts/trendy",
    tag: "Feeds",
    summary: "Trending posts (recent activity)",
    access: "optional",
    response: FeedSchema,
    responseDescription: "Posts",
  }),
  hot: endpoint({
    method: "get",
    path: "/api/posts/hot",
    tag: "Feeds",
    summary: "Hot news",
    access: "optional",
    response: FeedSchema,
    responseDescription: "Posts",
  }),
  related: endpoint({
    method: "get",
    path: "/api/posts/related/{id}",
    tag: "Feeds",
    summary: "Posts related to a post",
    access: "optional",
    params: PostIdParams,
    response: FeedSchema,
    responseDescription: "Posts",
    errors: [404],
  }),
  upNext: endpoint({
    method: "get",
    path: "/api/posts/up-next/{id}",
    tag: "Feeds",
    summary: "Posts to read after a post",
    access: "optional",
    params: PostIdParams,
    response: FeedSchema,
    responseDescription: "Posts",
    errors: [404],
  }),
};
