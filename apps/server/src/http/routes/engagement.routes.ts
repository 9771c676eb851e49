import {
  COMMENT_PAGE_SIZE,
  CommentInputSchema,
  ENGAGEMENT_MESSAGES,
  MAX_PAGE_SIZE,
  ReviewInputSchema,
} from "@broadsheet/domain";
import { type Context, Hono } from "hono";
import type { Services } from "../../services";
import type { Viewer } from "../../services/posts.service";
import { RATE_LIMITS } from "../../services/rate-limiter";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { clientKey } from "../client-ip";
import { currentUser, viewerIsStaff } from "../middleware/session";
import { pageQuery } from "../query";

/** The logged-in reader as a viewer (401 otherwise). */
function reader(c: Context<AppEnv>): Viewer & { id: string } {
  return { id: currentUser(c).id, isStaff: viewerIsStaff(c) };
}

/**
 * /api/posts/*: comments, likes and reviews (SPEC.md §7 "Posts"). Mounted before the posts
 * routes. Reading comments is public; every write needs a login, and a post the viewer may
 * not see answers 404.
 */
export function engagementRoutes(services: Services) {
  const { engagement } = services;
  return new Hono<AppEnv>()
    .get("/:id/comments", async (c) => {
      const { page, limit } = pageQuery(c, COMMENT_PAGE_SIZE, MAX_PAGE_SIZE);
      const viewer = { id: c.get("user")?.id, isStaff: viewerIsStaff(c) };
      return c.json(await engagement.listComments(c.req.param("id"), viewer, page, limit));
    })
    .post("/:id/comments", async (c) => {
      const viewer = reader(c);
      await services.rateLimiter.consume(RATE_LIMITS.commentsPerClient, clientKey(c));
      const input = await readJsonInput(c, CommentInputSchema);
      const comments = await engagement.addComment(
        c.req.param("id"),
        viewer.id,
        input.comment,
        viewer,
        COMMENT_PAGE_SIZE,
      );
      return c.json(comments, 201);
    })
    .delete("/:id/comments/:commentId", async (c) => {
      await engagement.deleteComment(c.req.param("id"), c.req.param("commentId"), reader(c));
      return c.json({ message: ENGAGEMENT_MESSAGES.commentDeleted });
    })
    .put("/addLike/:id", async (c) => {
      const viewer = reader(c);
      return c.json(await engagement.addLike(c.req.param("id"), viewer.id, viewer));
    })
    .put("/removeLike/:id", async (c) => {
      const viewer = reader(c);
      return c.json(await engagement.removeLike(c.req.param("id"), viewer.id, viewer));
    })
    .patch("/review/:id", async (c) => {
      const viewer = reader(c);
      const input = await readJsonInput(c, ReviewInputSchema);
      return c.json(await engagement.saveReview(c.req.param("id"), viewer.id, input, viewer));
    })
    .patch("/updateReview/:id", async (c) => {
      const viewer = reader(c);
      const input = await readJsonInput(c, ReviewInputSchema);
      return c.json(await engagement.updateReview(c.req.param("id"), viewer.id, input, viewer));
    })
    .patch("/deleteReview/:id", async (c) => {
      const viewer = reader(c);
      return c.json(await engagement.deleteReview(c.req.param("id"), viewer.id, viewer));
    });
}
