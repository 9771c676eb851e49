import {
  ADVERT_MESSAGES,
  ADVERT_PAGE_SIZE,
  type AdvertInput,
  AdvertInputSchema,
  MAX_IMAGES_PER_POST,
  MAX_PAGE_SIZE,
  MEDIA_MESSAGES,
  UPLOAD_MAX_BYTES,
} from "@broadsheet/domain";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Services } from "../../services";
import type { ImageFormat } from "../../services/media.service";
import type { AppEnv } from "../app-env";
import { limitBody, limitOrdinaryBody, parseInput, readJson } from "../body";
import { currentStaff } from "../middleware/session";
import { imageParts, isMultipart, readMultipart } from "../multipart";
import { pageQuery } from "../query";

// SPEC.md §5: the advert form takes jpg, png, gif and webp images.
const ADVERT_IMAGE_FORMATS: ImageFormat[] = ["jpeg", "png", "gif", "webp"];
// Five images of the maximum size, plus room for the other fields and the multipart framing.
const limitAdvertForm = limitBody(MAX_IMAGES_PER_POST * UPLOAD_MAX_BYTES + 256 * 1024, MEDIA_MESSAGES.tooManyBytes);

// The text fields alone, checked before any file of a form is stored.
const AdvertFieldsSchema = AdvertInputSchema.omit({ image: true });

/**
 * An advert body arrives as JSON or as multipart form data; image files in a form are
 * uploaded (once the other fields are valid) and join the image URLs, in the order given.
 */
async function readAdvertInput(c: Context<AppEnv>, services: Services, uploaderId: string): Promise<AdvertInput> {
  if (!isMultipart(c)) return parseInput(AdvertInputSchema, await readJson(c));
  const form = await readMultipart(c);
  const fields = { link: form.text("link"), category: form.text("category"), content: form.text("content") };
  parseInput(AdvertFieldsSchema, fields);
  const urls: string[] = [];
  for (const image of imageParts(form)) {
    if (typeof image === "string") urls.push(image);
    else urls.push((await services.media.uploadImage(image, { uploaderId, allowedFormats: ADVERT_IMAGE_FORMATS })).url);
  }
  return parseInput(AdvertInputSchema, { ...fields, image: urls });
}

/** /api/adverts/*: SPEC.md §7 "Adverts". Anyone reads them (the site shows them); staff manage them. */
export function advertsRoutes(services: Services) {
  // Staff only, checked before the body is read or validated.
  const admitStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
    currentStaff(c);
    await next();
  };
  const limitAdvertBody: MiddlewareHandler<AppEnv> = (c, next) =>
    isMultipart(c) ? limitAdvertForm(c, next) : limitOrdinaryBody(c, next);

  return new Hono<AppEnv>()
    .post("/", admitStaff, limitAdvertBody, async (c) => {
      const staff = currentStaff(c);
      const input = await readAdvertInput(c, services, staff.id);
      return c.json(await services.adverts.createAdvert(input), 201);
    })
    .get("/", async (c) => {
      const { page, limit } = pageQuery(c, ADVERT_PAGE_SIZE, MAX_PAGE_SIZE);
      const category = (c.req.query("category") ?? "").trim().slice(0, 100);
      return c.json(await services.adverts.listAdverts({ category, page, limit }));
    })
    .get("/:id", async (c) => c.json(await services.adverts.getAdvert(c.req.param("id"))))
    .patch("/:id", admitStaff, limitAdvertBody, async (c) => {
      const staff = currentStaff(c);
      const input = await readAdvertInput(c, services, staff.id);
      return c.json(await services.adverts.updateAdvert(c.req.param("id"), input));
    })
    .delete("/:id", admitStaff, async (c) => {
      await services.adverts.deleteAdvert(c.req.param("id"));
      return c.json({ message: ADVERT_MESSAGES.advertDeleted });
    });
}
