import { MESSAGES } from "../api/messages";
import { ADVERT_PLACEMENTS, type AdvertPlacement, MAX_IMAGES_PER_POST } from "../rules/limits";
import { z } from "../zod";
import { ImageListSchema, OPTIONAL_HTTP_URL_PATTERN, POST_MESSAGES } from "./posts.schemas";

export const ADVERT_PAGE_SIZE = 10;
export const ADVERT_CONTENT_MAX_LENGTH = 50_000;

/** Messages of the adverts calls, listed in docs/product.md#8-validation-and-messages. */
export const ADVERT_MESSAGES = {
  placementRequired: "Please choose a placement: Advert Top, Advert Main or Advert Main2",
  linkInvalid: POST_MESSAGES.linkInvalid,
  contentTooLong: "Content is too long",
  tooManyImages: `An advert can have at most ${MAX_IMAGES_PER_POST} images`,
  advertNotFound: "Advert not found",
  imageNotFound: "No image is stored at this address",
  advertCreated: "Add created Successful",
  advertUpdated: "Add updated Successful",
  advertDeleted: "Add deleted successfully",
} as const;

export function isAdvertPlacement(value: unknown): value is AdvertPlacement {
  return typeof value === "string" && (ADVERT_PLACEMENTS as readonly string[]).includes(value);
}

/** 1 to 5 images, each uploaded to this site or an https URL, as for posts (docs/product.md#8-validation-and-messages). */
export const AdvertImageListSchema = z
  .array(ImageListSchema.element, { error: MESSAGES.addImage })
  .min(1, MESSAGES.addImage)
  .max(MAX_IMAGES_PER_POST, ADVERT_MESSAGES.tooManyImages);

/**
 * Create or update an advert (docs/product.md#6-content-and-data: link, category, content, image). `category` is
 * the placement; at least one image is required (docs/product.md#8-validation-and-messages).
 */
export const AdvertInputSchema = z.object({
  link: z
    .string({ error: ADVERT_MESSAGES.linkInvalid })
    .trim()
    .max(2000, ADVERT_MESSAGES.linkInvalid)
    .regex(OPTIONAL_HTTP_URL_PATTERN, ADVERT_MESSAGES.linkInvalid)
    .optional()
    .default(""),
  category: z.enum(ADVERT_PLACEMENTS, { error: ADVERT_MESSAGES.placementRequired }),
  content: z
    .string()
    .optional()
    .default("")
    .pipe(z.string().max(ADVERT_CONTENT_MAX_LENGTH, ADVERT_MESSAGES.contentTooLong)),
  image: AdvertImageListSchema,
});
export type AdvertInput = z.infer<typeof AdvertInputSchema>;
/** An advert's input as a client sends it, before the schema's defaults (a form's values). */
export type AdvertInputValues = z.input<typeof AdvertInputSchema>;
