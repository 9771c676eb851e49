import { pageSchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";
import { choiceQuery, pageQuerySchema, textQuery } from "../api/query.schemas";
import { UPLOAD_MAX_BYTES } from "../rules/limits";
import { z } from "../zod";

/** POST /api/media: image uploads. The stored files are served at /media/{key}.webp, outside /api. */

export const UploadedImageSchema = z
  .object({
    url: z.string().describe("Path of the stored WebP, /media/{sha256}.webp"),
    /** The image host's field name for the same URL, kept for older clients; the client reads either. */
    secure_url: z.string().describe("The same URL"),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "UploadedImage" });
export type UploadedImageJson = z.infer<typeof UploadedImageSchema>;

const MediaFormSchema = z.object({
  file: z.string().meta({ format: "binary", contentMediaType: "application/octet-stream" }),
  purpose: z.enum(["profile"]).optional(),
});

// Room for the multipart boundaries and part headers around a file of the maximum size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Admin → Media (docs/product/media-library.md). */
export const MEDIA_PAGE_SIZE = 24;
export const MEDIA_TEXT_MAX = { alt: 300, caption: 500 } as const;
export const MEDIA_OWNER_TYPES = ["post", "page", "advert", "settings", "user"] as const;

export const MEDIA_LIBRARY_MESSAGES = {
  saved: "Image details saved",
  deleted: "Image deleted",
  inUse: "This image is in use; delete it anyway to break those places",
  altTooLong: `Alt text can be at most ${MEDIA_TEXT_MAX.alt} characters`,
  captionTooLong: `A caption can be at most ${MEDIA_TEXT_MAX.caption} characters`,
  nothingToChange: "Say what to change: alt or caption",
} as const;

const dateTime = () => z.string().meta({ format: "date-time" });

export const MediaUseSchema = z
  .object({
    kind: z.enum(MEDIA_OWNER_TYPES),
    id: z.string(),
    title: z.string().describe("The post's or page's title, the advert's link, the user's name, or Settings"),
    url: z.string().describe("Where to edit it in the admin"),
  })
  .meta({ id: "MediaUse" });
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaItemSchema = z
  .object({
    id: z.string().describe("The image's key (SHA-256 of its bytes)"),
    url: z.string(),
    thumbnailUrl: z.string().describe("A 320 px wide copy"),
    mime: z.string(),
    size: z.number().int().describe("Bytes"),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    caption: z.string(),
    uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: dateTime(),
    usedIn: z.array(MediaUseSchema),
  })
  .meta({ id: "MediaItem" });
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListQuerySchema = pageQuerySchema(MEDIA_PAGE_SIZE).extend({
  q: textQuery(200, "Part of the alt text, caption or uploader's name"),
  used: choiceQuery("used", ["", "used", "unused"], "", "Only images in use, or only unused ones; empty for all"),
});
export type MediaListQuery = z.output<typeof MediaListQuerySchema>;

export const MediaPatchSchema = z
  .object({
    alt: z.string().trim().max(MEDIA_TEXT_MAX.alt, MEDIA_LIBRARY_MESSAGES.altTooLong).optional(),
    caption: z.string().trim().max(MEDIA_TEXT_MAX.caption, MEDIA_LIBRARY_MESSAGES.captionTooLong).optional(),
  })
  .strict()
  .refine((patch) => patch.alt !== undefined || patch.caption !== undefined, MEDIA_LIBRARY_MESSAGES.nothingToChange);
export type MediaPatch = z.infer<typeof MediaPatchSchema>;

const MediaIdParams = z.object({ id: z.string().meta({ description: "The image's key" }) });

export const mediaApi = {
  upload: endpoint({
    method: "post",
    path: "/api/media",
    tag: "Media",
    summary: "Upload an image",
    description:
      "Multipart field `file` (PNG, JPEG, WebP or GIF, at most 10 MB and 40 megapixels); stored as WebP and served at /media/{key}.webp. `purpose=profile` accepts JPEG and PNG only. Rate limited per IP.",
    access: "user",
    form: MediaFormSchema,
    maxBodyBytes: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    status: 201,
    response: UploadedImageSchema,
    responseDescription: "The stored image",
    errors: [400, 413, 415, 429],
  }),
  list: endpoint({
    method: "get",
    path: "/api/media",
    tag: "Media",
    summary: "Every stored image, newest first, with where each is used",
    access: "staff",
    query: MediaListQuerySchema,
    response: pageSchema(MediaItemSchema),
    responseDescription: "A page of images",
  }),
  update: endpoint({
    method: "patch",
    path: "/api/media/{id}",
    tag: "Media",
    summary: "Set an image's alt text and caption, offered wherever it is inserted",
    access: "staff",
    params: MediaIdParams,
    body: MediaPatchSchema,
    response: MediaItemSchema,
    responseDescription: "The image",
    errors: [404],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/media/{id}",
    tag: "Media",
    summary: "Delete an image",
    description: "Refused with 409 and the places using it while it is used, unless `force=true`.",
    access: "staff",
    params: MediaIdParams,
    query: z.object({ force: choiceQuery("force", ["", "true", "false"], "", "true: delete even while used") }),
    response: z.object({ message: z.string(), usedIn: z.array(MediaUseSchema) }).meta({ id: "MediaDeleted" }),
    responseDescription: "Deleted",
    errors: [404, 409],
  }),
};
