import { MESSAGES } from "../api/messages";
import { CORRECTION_MAX_LENGTH, IMAGE_ALT_MAX_LENGTH, MAX_IMAGES_PER_POST } from "../rules/limits";
import { mediaPathPattern } from "../rules/media-paths";
import { normalizeSlug } from "../rules/text";
import { z } from "../zod";
import { postFieldsShape } from "./post-fields.schemas";
import { PostTagNamesSchema } from "./tags.schemas";

/** At most this many bylines on a post. */
export const POST_AUTHORS_MAX = 10;

export const POST_MESSAGES = {
  authorsInvalid: "Authors: choose from 1 to 10 people, the primary byline first",
  authorUnknown: "An author was not found: choose editors or admins of this site",
  titleRequired: "Please add a title",
  titleTooLong: "Title must be at most 200 characters",
  linkInvalid: "Link must be a URL starting with http:// or https://",
  tooManyImages: `A post can have at most ${MAX_IMAGES_PER_POST} images`,
  imageInvalid: "Images must be uploaded to this site or be https URLs",
  typeNotInCategory: "The chosen type does not belong to the chosen category",
  typeNotFound: "Type not found",
  categoryNotFound: "Category not found",
  postNotFound: "Post not found",
  postDeleted: "Post deleted successfully",
  contentTooLong: "Content is too long",
  imageAltTooLong: `An image description must be at most ${IMAGE_ALT_MAX_LENGTH} characters`,
  tooManyImageAlts: "There are more image descriptions than images",
  scheduleInvalid: "The scheduled time must be a date and time in ISO 8601, like 2026-12-01T09:00:00Z",
  scheduleInPast: "The scheduled time must be in the future",
  scheduleMissing: "Please choose the date and time to publish at",
  correctionTooLong: `A correction must be at most ${CORRECTION_MAX_LENGTH} characters`,
  slugEmpty: "The slug needs at least one letter or digit",
  slugTaken: "Another post already uses this slug.",
} as const;

/** A host of an http(s) URL the patterns here accept, with an optional port. */
export const URL_HOST = String.raw`(?:[A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*(?::\d{1,4})?`;

/*
 * An http(s) URL, as a pattern so that the OpenAPI document states the very rule the server
 * applies. The host's last label starts with a letter (a WHATWG URL would read a number there
 * as an IPv4 address) and the port has at most four digits, so every match is a valid URL.
 */
const HTTP_URL = String.raw`https?:\/\/${URL_HOST}(?:[\/?#]\S*)?`;
export const HTTP_URL_PATTERN = new RegExp(`^${HTTP_URL}$`);
/** An http(s) URL or nothing (""). */
export const OPTIONAL_HTTP_URL_PATTERN = new RegExp(`^(?:${HTTP_URL})?$`);

const IMAGE_URL = `${mediaPathPattern()}|${String.raw`https:\/\/\S+`}`;
/** An image of this site (/media/…) or an https URL. */
export const IMAGE_URL_PATTERN = new RegExp(`^(?:${IMAGE_URL})$`);
/** An image URL as above, or nothing (""). */
export const OPTIONAL_IMAGE_URL_PATTERN = new RegExp(`^(?:${IMAGE_URL})?$`);

export const ImageListSchema = z
  .array(z.string().trim().regex(IMAGE_URL_PATTERN, POST_MESSAGES.imageInvalid), { error: MESSAGES.addImage })
  .min(1, MESSAGES.addImage)
  .max(MAX_IMAGES_PER_POST, POST_MESSAGES.tooManyImages);

/**
 * Each image's description (alt text), by position; "" or a missing entry means none. Left
 * out of an update, the images that stay keep their descriptions.
 */
export const ImageAltListSchema = z
  .array(
    z
      .string()
      .transform((alt) => alt.replace(/\s+/g, " ").trim())
      .pipe(z.string().max(IMAGE_ALT_MAX_LENGTH, POST_MESSAGES.imageAltTooLong)),
  )
  .max(MAX_IMAGES_PER_POST, POST_MESSAGES.tooManyImageAlts);

/** Create or update a post (docs/product.md#7-api: title, link, category, type, content, image). */
export const PostInputSchema = z
  .object({
    title: z
      .string({ error: POST_MESSAGES.titleRequired })
      .trim()
      .min(1, POST_MESSAGES.titleRequired)
      .max(200, POST_MESSAGES.titleTooLong),
    link: z.string().trim().regex(OPTIONAL_HTTP_URL_PATTERN, POST_MESSAGES.linkInvalid).optional().default(""),
    category: z.string({ error: MESSAGES.selectCategory }).trim().min(1, MESSAGES.selectCategory),
    type: z.string().trim().optional().default(""),
    content: z.string().optional().default("").pipe(z.string().max(200_000, POST_MESSAGES.contentTooLong)),
    image: ImageListSchema,
    imageAlt: ImageAltListSchema.optional(),
    /** The post's address, /page/{slug}: made from the title when left out (decision 064). */
    slug: z
      .string()
      .transform(normalizeSlug)
      .pipe(z.string().min(1, POST_MESSAGES.slugEmpty))
      .optional()
      .meta({ description: "Letters of any script and digits with hyphens; left out: from the title, or kept" }),
    isPublished: z.boolean().optional(),
    /** A correction note shown under the article; "" removes it, left out keeps it. */
    correction: z.string().trim().max(CORRECTION_MAX_LENGTH, POST_MESSAGES.correctionTooLong).optional(),
    /** Publish at this time (the post stays a draft until then); null unschedules. */
    scheduledAt: z.iso
      .datetime({ offset: true, error: POST_MESSAGES.scheduleInvalid })
      .transform((value) => new Date(value))
      .nullable()
      .optional(),
    /** Tag names; left out of an update, the post keeps its tags. */
    tags: PostTagNamesSchema.optional(),
    /** The version the edit was based on: an older one than the post's answers 409 (decision 076). */
    version: z.number().int().min(1).optional(),
    /** The bylines' user ids, the primary first (docs/product/bylines.md); left out: the creator, or kept. */
    authors: z
      .array(z.string({ error: POST_MESSAGES.authorsInvalid }), { error: POST_MESSAGES.authorsInvalid })
      .min(1, POST_MESSAGES.authorsInvalid)
      .max(POST_AUTHORS_MAX, POST_MESSAGES.authorsInvalid)
      .optional(),
    ...postFieldsShape({ imageUrl: IMAGE_URL_PATTERN, httpUrl: HTTP_URL_PATTERN }),
  })
  .refine((post) => (post.imageAlt?.length ?? 0) <= post.image.length, {
    message: POST_MESSAGES.tooManyImageAlts,
    path: ["imageAlt"],
  });
export type PostInput = z.infer<typeof PostInputSchema>;
/** A post's input as a client sends it, before the schema's defaults and transforms (a form's values). */
export type PostInputValues = z.input<typeof PostInputSchema>;

/**
 * The images field of a form: image files (uploaded first) or URLs, as the JSON body's
 * images; the form reads a JSON array of URLs in one field as well.
 */
export const FormImageListSchema = z
  .array(z.union([z.string().meta({ format: "binary" }), z.string().regex(IMAGE_URL_PATTERN)]))
  .min(1)
  .max(MAX_IMAGES_PER_POST)
  .meta({ description: "Image files (uploaded first), URLs, or a JSON array of URLs" });
