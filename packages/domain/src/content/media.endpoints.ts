import { endpoint } from "../api/endpoint";
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
};
