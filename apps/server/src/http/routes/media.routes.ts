import { IMAGE_WIDTHS, MEDIA_MESSAGES, UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "../../config";
import { invalid, tooLarge } from "../../errors";
import type { Services } from "../../services";
import type { ImageFormat } from "../../services/media.service";
import { RATE_LIMITS } from "../../services/rate-limiter";
import type { AppEnv } from "../app-env";
import { clientIp } from "../client-ip";
import { currentUser } from "../middleware/session";

// Room for the multipart boundaries and part headers around a file of the maximum size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PROFILE_PHOTO_FORMATS: ImageFormat[] = ["jpeg", "png"];
const MEDIA_FILE = /^([0-9a-f]{64})(?:\.webp)?$/;
// Stored files never change: the key is the hash of their bytes.
const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

async function readUploadForm(c: Context<AppEnv>) {
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw invalid(MEDIA_MESSAGES.malformedUpload);
  }
}

/** POST /api/media: one image in the multipart field `file`; `purpose=profile` accepts JPEG and PNG only. */
export function mediaApiRoutes(services: Services, config: Config) {
  // Refused before the body is read, so an anonymous or rate-limited client cannot make the server buffer 10 MB.
  const admitUploader: MiddlewareHandler<AppEnv> = async (c, next) => {
    currentUser(c);
    await services.rateLimiter.consume(RATE_LIMITS.uploadsPerIp, clientIp(c, config.trustProxy));
    await next();
  };
  const limitBody = bodyLimit({
    maxSize: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge(MEDIA_MESSAGES.tooManyBytes);
    },
  });

  return new Hono<AppEnv>().post("/", admitUploader, limitBody, async (c) => {
    const user = currentUser(c);
    const form = await readUploadForm(c);
    const file = form.file;
    if (!(file instanceof File)) throw invalid(MEDIA_MESSAGES.fileRequired);
    const profile = form.purpose === "profile";
    const image = await services.media.uploadImage(Buffer.from(await file.arrayBuffer()), {
      uploaderId: user.id,
      ...(profile && { allowedFormats: PROFILE_PHOTO_FORMATS, formatMessage: MEDIA_MESSAGES.profilePhotoFormat }),
    });
    return c.json({ url: image.url, secure_url: image.secure_url, width: image.width, height: image.height }, 201);
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
