import {
  ADVERT_IMAGE_UPLOAD,
  ADVERT_MESSAGES,
  type AdvertInput,
  AdvertInputSchema,
  advertsApi,
} from "@broadsheet/domain";
import type { Context } from "hono";
import type { Services } from "../../services";
import { apiRouter, routeOf } from "../api-routes";
import type { AppEnv } from "../app-env";
import { parseInput, readJson } from "../body";
import { sessionUser } from "../middleware/session";
import { imageParts, isMultipart, readMultipart } from "../multipart";

// docs/product.md#8-validation-and-messages: the advert form takes jpg, png, gif and webp images.
const ADVERT_IMAGE_FORMATS = ADVERT_IMAGE_UPLOAD.formats;

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

/** /api/adverts/*: docs/product.md#7-api "Adverts". Anyone reads them (the site shows them); staff manage them. */
export function advertsRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(advertsApi.create), async (c) => {
      const input = await readAdvertInput(c, services, sessionUser(c).id);
      return c.json(await services.adverts.createAdvert(input), 201);
    })
    .openapi(routeOf(advertsApi.list), async (c) =>
      c.json(await services.adverts.listAdverts(c.req.valid("query")), 200),
    )
    .openapi(routeOf(advertsApi.get), async (c) =>
      c.json(await services.adverts.getAdvert(c.req.valid("param").id), 200),
    )
    .openapi(routeOf(advertsApi.update), async (c) => {
      const input = await readAdvertInput(c, services, sessionUser(c).id);
      return c.json(await services.adverts.updateAdvert(c.req.valid("param").id, input), 200);
    })
    .openapi(routeOf(advertsApi.remove), async (c) => {
      await services.adverts.deleteAdvert(c.req.valid("param").id);
      return c.json({ message: ADVERT_MESSAGES.advertDeleted }, 200);
    });
}
