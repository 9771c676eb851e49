import { PREVIEW_MESSAGES, previewsApi } from "@broadsheet/domain";
import type { PostsService } from "../../../posts";
import { apiRouter, routeOf } from "../../api-routes";

/** Preview links of unpublished posts (issue 15): made and revoked by staff, opened by anyone holding one. */
export function previewsRoutes(posts: PostsService) {
  return apiRouter()
    .openapi(routeOf(previewsApi.createLink), async (c) => {
      const token = await posts.createPreviewToken(c.req.valid("param").id);
      return c.json({ url: `${c.get("publicOrigin")}/preview/${token}` }, 201);
    })
    .openapi(routeOf(previewsApi.revokeLink), async (c) => {
      await posts.revokePreviewLink(c.req.valid("param").id);
      return c.json({ message: PREVIEW_MESSAGES.revoked }, 200);
    })
    .openapi(routeOf(previewsApi.get), async (c) => {
      const post = await posts.getPreview(c.req.valid("param").token);
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return c.json(post, 200);
    });
}
