import { createHash } from "node:crypto";
import {
  IMAGE_FORMAT_NAMES,
  type ImageFormat,
  MEDIA_MESSAGES,
  MEDIA_PATH_PREFIX,
  storedImageKey,
  storedImagePath,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  type UploadedImageJson,
} from "@broadsheet/domain";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { tooLarge, unsupportedMedia } from "../errors";

/** sharp and libvips cost a worker about 9 MB: loaded by the first image it handles, not at start. */
export async function loadSharp() {
  return (await import("sharp")).default;
}

const MAX_STORED_WIDTH = 2000;
const WEBP_QUALITY = 82;
const STORED_MIME = "image/webp";
const MEDIA_KEY = /^[0-9a-f]{64}$/;
const VARIANT_CACHE_BYTES = 48 * 1024 * 1024;

/** Least-recently-used cache bounded by the total size of its values. */
function createBoundedCache<T>(maxBytes: number, sizeOf: (value: T) => number) {
  const items = new Map<string, T>();
  let bytes = 0;
  return {
    get(key: string): T | undefined {
      const value = items.get(key);
      if (value === undefined) return undefined;
      items.delete(key);
      items.set(key, value);
      return value;
    },
    set(key: string, value: T): void {
      items.set(key, value);
      bytes += sizeOf(value);
      for (const [oldKey, oldValue] of items) {
        if (bytes <= maxBytes) break;
        items.delete(oldKey);
        bytes -= sizeOf(oldValue);
      }
    },
  };
}

export interface UploadOptions {
  /** null for an image no account uploaded (an imported site's). */
  uploaderId: string | null;
  /** Narrows the accepted formats (profile photos: JPEG and PNG). */
  allowedFormats?: readonly ImageFormat[];
  /** The refusal when the image is not one of allowedFormats; by default it names them. */
  formatMessage?: string;
}

/** The answer of POST /api/media, and the stored file's key. */
export type UploadedImage = UploadedImageJson & { key: string };

export interface StoredMedia {
  mime: string;
  bytes: Buffer;
  size: number;
}

function isImageFormat(format: string | undefined): format is ImageFormat {
  return format !== undefined && Object.hasOwn(IMAGE_FORMAT_NAMES, format);
}

function describeAllowedFormats(formats: readonly ImageFormat[]): string {
  return `Only ${formats.map((format) => IMAGE_FORMAT_NAMES[format]).join(" or ")} images can be uploaded here`;
}

/*
 * The header tells the format and size without decoding pixels, so oversized images are
 * refused cheaply. No pixel limit here: sharp's own would turn a 413 into a decode error.
 */
async function readImageHeader(bytes: Buffer): Promise<{ format: ImageFormat; pixels: number }> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupportedMedia(MEDIA_MESSAGES.unsupportedImage);
    });
  if (!isImageFormat(metadata.format)) throw unsupportedMedia(MEDIA_MESSAGES.unsupportedImage);
  return { format: metadata.format, pixels: (metadata.width ?? 0) * (metadata.height ?? 0) };
}

/*
 * Re-encoding drops whatever the file carried besides pixels (EXIF, GPS, scripts in
 * comments): sharp writes no metadata unless asked. Only the first frame of an
 * animation is kept.
 */
async function reencodeImage(bytes: Buffer) {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      // A valid header over broken pixel data.
      throw unsupportedMedia(MEDIA_MESSAGES.unsupportedImage);
    });
}

/** The first of `urls` that names an image of this site (/media/…) that is not stored, if any. */
export async function firstMissingMedia(db: Database, urls: readonly string[]): Promise<string | undefined> {
  const local = urls.filter((url) => url.startsWith(MEDIA_PATH_PREFIX));
  if (local.length === 0) return undefined;
  const keys = local.flatMap((url) => storedImageKey(url) ?? []);
  const stored =
    keys.length === 0
      ? new Set<string>()
      : new Set(
          (await db.select({ key: media.key }).from(media).where(inArray(media.key, keys))).map((row) => row.key),
        );
  return local.find((url) => !stored.has(storedImageKey(url) ?? ""));
}

/** Images uploaded to the site, stored re-encoded as WebP in the database (docs/product.md#11-security). */
export function createMediaService(db: Database) {
  const variants = createBoundedCache<StoredMedia>(VARIANT_CACHE_BYTES, (item) => item.size);
  return {
    /** The format is read from the bytes, never from the file name or declared type. */
    async uploadImage(bytes: Buffer, options: UploadOptions): Promise<UploadedImage> {
      if (bytes.length > UPLOAD_MAX_BYTES) throw tooLarge(MEDIA_MESSAGES.tooManyBytes);
      const { format, pixels } = await readImageHeader(bytes);
      const { allowedFormats } = options;
      if (allowedFormats && !allowedFormats.includes(format)) {
        throw unsupportedMedia(options.formatMessage ?? describeAllowedFormats(allowedFormats));
      }
      if (pixels > UPLOAD_MAX_PIXELS) throw tooLarge(MEDIA_MESSAGES.tooManyPixels);

      const { data, info } = await reencodeImage(bytes);
      const key = createHash("sha256").update(data).digest("hex");
      // Keyed by content, so the same image uploaded again is stored once.
      await db
        .insert(media)
        .values({
          key,
          mime: STORED_MIME,
          size: data.length,
          width: info.width,
          height: info.height,
          bytes: data,
          uploadedBy: options.uploaderId,
        })
        .onConflictDoNothing();
      const url = storedImagePath(key);
      return { url, secure_url: url, width: info.width, height: info.height, key };
    },

    /**
     * The image at one of IMAGE_WIDTHS (never wider than stored), resized on first use and
     * kept in a bounded memory cache; the URLs are immutable, so browsers and CDNs keep them too.
     */
    async getMediaAtWidth(key: string, width: number): Promise<StoredMedia | null> {
      const cacheKey = `${key}@${width}`;
      const cached = variants.get(cacheKey);
      if (cached) return cached;
      const original = await this.getMedia(key);
      if (!original) return null;
      const sharp = await loadSharp();
      const bytes = await sharp(original.bytes)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const variant = { mime: STORED_MIME, bytes, size: bytes.length };
      variants.set(cacheKey, variant);
      return variant;
    },

    async getMedia(key: string): Promise<StoredMedia | null> {
      if (!MEDIA_KEY.test(key)) return null;
      const [row] = await db
        .select({ mime: media.mime, bytes: media.bytes, size: media.size })
        .from(media)
        .where(eq(media.key, key))
        .limit(1);
      return row ?? null;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
