import { COMMENT_PAGE_SIZE, ENGAGEMENT_MESSAGES, engagementApi } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import type { Viewer } from "../../../posts";
import { RATE_LIMITS } from "../../../rate-limits";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { clientKey } from "../../client-ip";
import { sessionUser, viewerIsStaff } from "../../middleware/session";
import { visitorIdOf } from "../../visitor-cookie";

/** The logged-in reader as a viewer. */
async function reader(c: Context<AppEnv>): Promise<Viewer & { id: string }> {
  return { id: sessionUser(c).id, isStaff: await viewerIsStaff(c) };
}

/**
 * /api/posts/*: comments, likes and reviews (docs/product.md#7-api "Posts"). Mounted before the posts
 * routes. Reading comments is public; every write needs a login, and a post the viewer may
 * not see answers 404.
 */
export function engagementRoutes(services: Services) {
  const { engagement } = services;
  // Counted before the body is read, so refused and malformed comments use up the allowance too.
  const limitComments: MiddlewareHandler<AppEnv> = async (c, next) => {
    await services.rateLimiter.consume(RATE_LIMITS.commentsPerClient, clientKey(c));
    await next();
  };

  return apiRouter()
    .openapi(routeOf(engagementApi.listComments), async (c) => {
      const { page, limit } = c.req.valid("query");
      const viewer = { id: c.get("user")?.id, isStaff: await viewerIsStaff(c) };
      return c.json(await engagement.listComments(c.req.valid("param").id, viewer, page, limit), 200);
    })
    .openapi(routeOf(engagementApi.listReviews), async (c) => {
      const viewer = { id: c.get("user")?.id, isStaff: await viewerIsStaff(c) };
      return c.json(await engagement.listReviews(c.req.valid("param").id, viewer), 200);
    })
    .openapi(routeOf(engagementApi.addComment, { before: [limitComments] }), async (c) => {
      const viewer = { ...(await reader(c)), role: sessionUser(c).role };
      const comments = await engagement.addComment(
        c.req.valid("param").id,
        viewer.id,
        c.req.valid("json").comment,
        viewer,
        COMMENT_PAGE_SIZE,
      );
      return c.json(comments, 201);
    })
    .openapi(routeOf(engagementApi.recordView), async (c) => {
      const viewer = { id: c.get("user")?.id, isStaff: await viewerIsStaff(c) };
      const postId = await engagement.visiblePostId(c.req.valid("param").id, viewer);
      // Staff opening a post (to edit or check it) are not readers: their visits do not count.
      if (viewer.isStaff) return c.json({ counted: false }, 200);
      const counted = services.views.recordView(postId, {
        userId: viewer.id,
        visitorId: viewer.id ? undefined : await visitorIdOf(c, services.visitorIds),
        address: clientKey(c),
        userAgent: c.req.header("user-agent") ?? "",
      });
      return c.json({ counted }, 200);
    })
    .openapi(routeOf(engagementApi.deleteComment), async (c) => {
      const { id, commentId } = c.req.valid("param");
      await engagement.deleteComment(id, commentId, await reader(c));
      return c.json({ message: ENGAGEMENT_MESSAGES.commentDeleted }, 200);
    })
    .openapi(routeOf(engagementApi.addLike), async (c) => {
      const viewer = await reader(c);
      return c.json(await engagement.addLike(c.req.valid("param").id, viewer.id, viewer), 200);
    })
    .openapi(routeOf(engagementApi.removeLike), async (c) => {
      const viewer = await reader(c);
      return c.json(await engagement.removeLike(c.req.valid("param").id, viewer.id, viewer), 200);
    })
    .openapi(routeOf(engagementApi.saveReview), async (c) => {
      const viewer = await reader(c);
      return c.json(await engagement.saveReview(c.req.valid("param").id, viewer.id, c.req.valid("json"), viewer), 200);
    })
    .openapi(routeOf(engagementApi.updateReview), async (c) => {
      const viewer = await reader(c);
      return c.json(
        await engagement.updateReview(c.req.valid("param").id, viewer.id, c.req.valid("json"), viewer),
        200,
      );
    })
    .openapi(routeOf(engagementApi.deleteReview), async (c) => {
      const viewer = await reader(c);
      return c.json(await engagement.deleteReview(c.req.valid("param").id, viewer.id, viewer), 200);
    });
}
