import {
  IMAGE_WIDTHS,
  MEDIA_LIBRARY_MESSAGES,
  MEDIA_MESSAGES,
  mediaApi,
  PROFILE_PHOTO_UPLOAD,
} from "@broadsheet/domain";
import { Hono, type MiddlewareHandler } from "hono";
import { invalid } from "../../errors";
import { RATE_LIMITS } from "../../rate-limits";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import type { AppEnv } from "../app-env";
import { clientKey } from "../client-ip";
import { sessionUser } from "../middleware/session";
import { isMultipart, readMultipart } from "../multipart";

const PROFILE_PHOTO_FORMATS = PROFILE_PHOTO_UPLOAD.formats;
const MEDIA_FILE = /^([0-9a-f]{64})(?:\.webp)?$/;
// Stored files never change: the key is the hash of their bytes.
const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** POST /api/media: one image in the multipart field `file`; `purpose=profile` accepts JPEG and PNG only. */
export function mediaApiRoutes(services: Services) {
  // Refused before the body is read, so a rate-limited client cannot make the server buffer 10 MB.
  const limitUploads: MiddlewareHandler<AppEnv> = async (c, next) => {
    await services.rateLimiter.consume(RATE_LIMITS.uploadsPerClient, clientKey(c));
    await next();
  };

  return apiRouter()
    .openapi(routeOf(mediaApi.upload, { before: [limitUploads] }), async (c) => {
      const user = sessionUser(c);
      if (!isMultipart(c)) throw invalid(MEDIA_MESSAGES.malformedUpload);
      const form = await readMultipart(c);
      // Exactly one file in the field `file`.
      const [file, ...others] = form.all("file");
      if (!file || !("file" in file) || others.length > 0) throw invalid(MEDIA_MESSAGES.fileRequired);
      const profile = form.text("purpose") === "profile";
      const image = await services.media.uploadImage(file.file, {
        uploaderId: user.id,
        ...(profile && { allowedFormats: PROFILE_PHOTO_FORMATS, formatMessage: MEDIA_MESSAGES.profilePhotoFormat }),
      });
      return c.json({ url: image.url, secure_url: image.secure_url, width: image.width, height: image.height }, 201);
    })
    .openapi(routeOf(mediaApi.list), async (c) => c.json(await services.mediaLibrary.list(c.req.valid("query")), 200))
    .openapi(routeOf(mediaApi.update), async (c) =>
      c.json(await services.mediaLibrary.update(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(mediaApi.remove), async (c) => {
      const usedIn = await services.mediaLibrary.remove(c.req.valid("param").id, c.req.valid("query").force === "true");
      return c.json({ message: MEDIA_LIBRARY_MESSAGES.deleted, usedIn }, 200);
    });
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim().replace(/^W\//, "");
    return value === etag || value === "*";
  });
}

/** GET /media/{key}.webp: the stored bytes, cacheable forever. */
export function mediaFileRoutes(services: Services) {
  return new Hono<AppEnv>().get("/:file", async (c) => {
    const key = MEDIA_FILE.exec(c.req.param("file"))?.[1];
    const width = Number(c.req.query("w") ?? 0);
    if (width && !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return c.json({ message: `Width must be one of ${IMAGE_WIDTHS.join(", ")}` }, 400);
    }
    const stored = key
      ? await (width ? services.media.getMediaAtWidth(key, width) : services.media.getMedia(key))
      : null;
    if (!key || !stored) return c.json({ message: MEDIA_MESSAGES.notFound }, 404);

    const etag = width ? `"${key}-${width}"` : `"${key}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", IMMUTABLE_CACHE);
    if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    c.header("Content-Type", stored.mime);
    c.header("Content-Length", String(stored.size));
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(new Uint8Array(stored.bytes));
  });
}

/**
 * Lets other sites embed the images. Mounted outside securityHeaders, whose same-site
 * Cross-Origin-Resource-Policy would otherwise replace any value set by the handler.
 */
export function allowCrossOriginEmbedding(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
