import { createHash } from "node:crypto";
import {
  EDITOR_SAFETY_MESSAGES,
  POST_IMAGE_UPLOAD,
  POST_MESSAGES,
  type PostInput,
  PostInputSchema,
  postEntityTag,
  postsApi,
  versionOfEntityTag,
} from "@broadsheet/domain";
import type { Context } from "hono";
import { invalid } from "../../../errors";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { parseInput, readJson } from "../../body";
import { sessionUser } from "../../middleware/session";
import { imageParts, isMultipart, readMultipart } from "../../multipart";
import { viewerOf } from "./viewer-of";

const POST_IMAGE_FORMATS = POST_IMAGE_UPLOAD.formats;

/**
 * A post body arrives as JSON or as multipart form data (docs/product.md#endpoints: "update with form
 * data"); image files in a form are uploaded first and join the image URLs, in form order.
 */
async function readPostInput(c: Context<AppEnv>, services: Services, uploaderId: string): Promise<PostInput> {
  if (!isMultipart(c)) return parseInput(PostInputSchema, await readJson(c));
  const form = await readMultipart(c);
  const urls: string[] = [];
  for (const image of imageParts(form)) {
    if (typeof image === "string") urls.push(image);
    else urls.push((await services.media.uploadImage(image, { uploaderId, allowedFormats: POST_IMAGE_FORMATS })).url);
  }
  const published = form.text("isPublished");
  const imageAlt = form.all("imageAlt").flatMap((part) => ("value" in part ? [part.value] : []));
  const tags = form.all("tags").flatMap((part) => ("value" in part ? [part.value] : []));
  return parseInput(PostInputSchema, {
    title: form.text("title"),
    link: form.text("link"),
    category: form.text("category"),
    type: form.text("type"),
    content: form.text("content"),
    slug: form.text("slug"),
    image: urls,
    imageAlt: imageAlt.length > 0 ? imageAlt : undefined,
    scheduledAt: scheduledField(form.text("scheduledAt")),
    correction: form.text("correction"),
    tags: tags.length > 0 ? tags : undefined,
    isPublished: published === undefined ? undefined : published === "true",
    version: form.text("version") ? Number(form.text("version")) : undefined,
  });
}

/** The version a save was based on: If-Match's ETag, else the body's `version` (decision 076). */
function basedOnVersion(c: Context<AppEnv>, input: PostInput): PostInput {
  const ifMatch = c.req.header("If-Match");
  if (ifMatch === undefined || ifMatch.trim() === "*") return input;
  const version = versionOfEntityTag(ifMatch);
  if (version === null) throw invalid(EDITOR_SAFETY_MESSAGES.badIfMatch);
  return { ...input, version };
}

/** A post's answer names its version in its ETag, for the next save's If-Match. */
function withVersionTag<T extends { version: number }>(c: Context<AppEnv>, post: T): T {
  const digest = createHash("sha256").update(JSON.stringify(post)).digest("base64url").slice(0, 16);
  c.header("ETag", postEntityTag(post.version, digest));
  return post;
}

/** A form's scheduledAt: absent leaves the schedule, empty clears it. */
function scheduledField(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value.trim() === "" ? null : value.trim();
}

/** /api/posts/*: docs/product.md#7-api "Posts". */
const BULK_DONE = {
  publish: "published",
  unpublish: "unpublished",
  delete: "deleted",
  setCategory: "moved to the category",
} as const;

export function postsRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(postsApi.list), async (c) =>
      c.json(await services.posts.listPosts(c.req.valid("query"), await viewerOf(c)), 200),
    )
    .openapi(routeOf(postsApi.create), async (c) => {
      const staff = sessionUser(c);
      const input = await readPostInput(c, services, staff.id);
      return c.json(withVersionTag(c, await services.posts.createPost(input, staff.id, await viewerOf(c))), 201);
    })
    .openapi(routeOf(postsApi.get), async (c) =>
      c.json(withVersionTag(c, await services.posts.getPost(c.req.valid("param").id, await viewerOf(c))), 200),
    )
    .openapi(routeOf(postsApi.bulk), async (c) => {
      const body = c.req.valid("json");
      const changed = await services.posts.bulkPosts(body);
      return c.json({ message: `${changed} post${changed === 1 ? "" : "s"} ${BULK_DONE[body.action]}`, changed }, 200);
    })
    .openapi(routeOf(postsApi.togglePublish), async (c) =>
      c.json(await services.posts.togglePublish(c.req.valid("param").id), 200),
    )
    .openapi(routeOf(postsApi.update), async (c) => {
      const input = basedOnVersion(c, await readPostInput(c, services, sessionUser(c).id));
      const post = await services.posts.updatePost(c.req.valid("param").id, input, await viewerOf(c));
      return c.json(withVersionTag(c, post), 200);
    })
    .openapi(routeOf(postsApi.remove), async (c) => {
      await services.posts.deletePost(c.req.valid("param").id);
      return c.json({ message: POST_MESSAGES.postDeleted }, 200);
    });
}
