import {
  MAX_PAGE_SIZE,
  POST_MESSAGES,
  POST_SORTS,
  PostInputSchema,
  type PostSort,
  SEARCH_PAGE_SIZE,
} from "@broadsheet/domain";
import { type Context, Hono } from "hono";
import type { Config } from "../../config";
import { invalid } from "../../errors";
import type { Services } from "../../services";
import type { Viewer } from "../../services/posts.service";
import type { AppEnv } from "../app-env";
import { parseInput, readJson } from "../body";
import { clientIp } from "../client-ip";
import { currentStaff, viewerIsStaff } from "../middleware/session";
import { pageQuery } from "../query";

function viewerOf(c: Context<AppEnv>): Viewer {
  return { id: c.get("user")?.id, isStaff: viewerIsStaff(c) };
}

/**
 * A post body arrives as JSON or as multipart form data (SPEC.md: "update with form
 * data"); image files in a form are uploaded first and join the image URLs.
 */
async function readPostBody(c: Context<AppEnv>, services: Services, uploaderId: string): Promise<unknown> {
  if (!c.req.header("content-type")?.includes("multipart/form-data")) return readJson(c);
  const form = await c.req.parseBody({ all: true });
  const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  // Files and URLs keep the order the form gave them: the first image leads the post.
  const urls: string[] = [];
  for (const value of [...list(form.image), ...list(form.images)]) {
    if (value instanceof File) {
      const uploaded = await services.media.uploadImage(Buffer.from(await value.arrayBuffer()), {
        uploaderId,
        allowedFormats: ["png", "jpeg", "webp"],
      });
      urls.push(uploaded.url);
    } else if (typeof value === "string" && value.trim().startsWith("[")) {
      urls.push(...parseJsonArray(value));
    } else if (typeof value === "string" && value.trim()) {
      urls.push(value.trim());
    }
  }
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const published = text(form.isPublished);
  return {
    title: text(form.title),
    link: text(form.link),
    category: text(form.category),
    type: text(form.type),
    content: text(form.content),
    image: urls,
    isPublished: published === undefined ? undefined : published === "true",
  };
}

function parseJsonArray(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Fall through to the 400 below.
  }
  throw invalid("image must be a list of image URLs");
}

/** /api/posts/*: SPEC.md §7 "Posts". */
export function postsRoutes(services: Services, config: Config) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const { page, limit } = pageQuery(c, SEARCH_PAGE_SIZE, MAX_PAGE_SIZE);
      const sort = c.req.query("sort") ?? "latest";
      const query = {
        search: (c.req.query("search") ?? "").slice(0, 200),
        category: (c.req.query("category") ?? "").slice(0, 100),
        type: (c.req.query("type") ?? "").slice(0, 100),
        sort: (POST_SORTS.includes(sort as PostSort) ? sort : "latest") as PostSort,
        page,
        limit,
      };
      return c.json(await services.posts.listPosts(query, viewerOf(c)));
    })
    .post("/", async (c) => {
      const staff = currentStaff(c);
      const input = parseInput(PostInputSchema, await readPostBody(c, services, staff.id));
      return c.json(await services.posts.createPost(input, staff.id, viewerOf(c)), 201);
    })
    .get("/:id", async (c) => {
      const viewer = viewerOf(c);
      const post = await services.posts.getPost(c.req.param("id"), viewer);
      // Staff opening a post (to edit or check it) are not readers: their visits do not count.
      if (!viewer.isStaff)
        services.views.recordView(post._id, {
          userId: viewer.id,
          ip: clientIp(c, config.trustProxy),
          userAgent: c.req.header("user-agent") ?? "",
        });
      return c.json(post);
    })
    .patch("/:id/publish", async (c) => {
      currentStaff(c);
      return c.json(await services.posts.togglePublish(c.req.param("id")));
    })
    .patch("/:id", async (c) => {
      const staff = currentStaff(c);
      const input = parseInput(PostInputSchema, await readPostBody(c, services, staff.id));
      return c.json(await services.posts.updatePost(c.req.param("id"), input, viewerOf(c)));
    })
    .delete("/:id", async (c) => {
      currentStaff(c);
      await services.posts.deletePost(c.req.param("id"));
      return c.json({ message: POST_MESSAGES.postDeleted });
    });
}
