import {
  MAX_IMAGES_PER_BATCH,
  MAX_PAGE_SIZE,
  MEDIA_MESSAGES,
  POST_MESSAGES,
  POST_SORTS,
  PostInputSchema,
  type PostSort,
  SEARCH_PAGE_SIZE,
  UPLOAD_MAX_BYTES,
} from "@broadsheet/domain";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Services } from "../../services";
import type { ImageFormat } from "../../services/media.service";
import type { Viewer } from "../../services/posts.service";
import type { AppEnv } from "../app-env";
import { limitBody, limitOrdinaryBody, parseInput, readJson } from "../body";
import { currentStaff, viewerIsStaff } from "../middleware/session";
import { imageParts, isMultipart, readMultipart } from "../multipart";
import { pageQuery } from "../query";

const POST_IMAGE_FORMATS: ImageFormat[] = ["png", "jpeg", "webp"];
// A form with five images of the maximum size, plus room for the text fields and the framing.
const MAX_POST_FORM_BYTES = MAX_IMAGES_PER_BATCH * UPLOAD_MAX_BYTES + 256 * 1024;

/** Staff only, checked before the body is read; then the form limit for multipart, the ordinary one for JSON. */
const admitStaffWithBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentStaff(c);
  return isMultipart(c) ? limitPostForm(c, next) : limitOrdinaryBody(c, next);
};
const limitPostForm = limitBody(MAX_POST_FORM_BYTES, MEDIA_MESSAGES.tooManyBytes);

function viewerOf(c: Context<AppEnv>): Viewer {
  return { id: c.get("user")?.id, isStaff: viewerIsStaff(c) };
}

/**
 * A post body arrives as JSON or as multipart form data (SPEC.md: "update with form
 * data"); image files in a form are uploaded first and join the image URLs, in form order.
 */
async function readPostBody(c: Context<AppEnv>, services: Services, uploaderId: string): Promise<unknown> {
  if (!isMultipart(c)) return readJson(c);
  const form = await readMultipart(c);
  const urls: string[] = [];
  for (const image of imageParts(form)) {
    if (typeof image === "string") urls.push(image);
    else urls.push((await services.media.uploadImage(image, { uploaderId, allowedFormats: POST_IMAGE_FORMATS })).url);
  }
  const published = form.text("isPublished");
  return {
    title: form.text("title"),
    link: form.text("link"),
    category: form.text("category"),
    type: form.text("type"),
    content: form.text("content"),
    image: urls,
    isPublished: published === undefined ? undefined : published === "true",
  };
}

/** /api/posts/*: SPEC.md §7 "Posts". */
export function postsRoutes(services: Services) {
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
    .post("/", admitStaffWithBody, async (c) => {
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
          ip: c.get("clientAddress"),
          userAgent: c.req.header("user-agent") ?? "",
        });
      return c.json(post);
    })
    .patch("/:id/publish", async (c) => {
      currentStaff(c);
      return c.json(await services.posts.togglePublish(c.req.param("id")));
    })
    .patch("/:id", admitStaffWithBody, async (c) => {
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
