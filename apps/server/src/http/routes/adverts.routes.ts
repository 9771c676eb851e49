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
import { bodyLimit } from "hono/body-limit";
import { invalid, tooLarge } from "../../errors";
import type { Services } from "../../services";
import type { ImageFormat } from "../../services/media.service";
import type { AppEnv } from "../app-env";
import { parseInput, readJson } from "../body";
import { currentStaff } from "../middleware/session";
import { pageQuery } from "../query";

// SPEC.md §5: the advert form takes jpg, png, gif and webp images.
const ADVERT_IMAGE_FORMATS: ImageFormat[] = ["jpeg", "png", "gif", "webp"];
// Five images of the maximum size, plus room for the other fields and the multipart framing.
const MAX_ADVERT_BODY_BYTES = MAX_IMAGES_PER_POST * UPLOAD_MAX_BYTES + 256 * 1024;

function isMultipart(c: Context<AppEnv>): boolean {
  return c.req.header("content-type")?.includes("multipart/form-data") ?? false;
}

function parseJsonArray(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Fall through to the 400 below.
  }
  throw invalid("image must be a list of image URLs");
}

// The text fields alone, checked before any file of a form is stored.
const AdvertFieldsSchema = AdvertInputSchema.omit({ image: true });

/**
 * An advert body arrives as JSON or as multipart form data; image files in a form are
 * uploaded (once the other fields are valid) and join the image URLs, in the order given.
 */
async function readAdvertInput(c: Context<AppEnv>, services: Services, uploaderId: string): Promise<AdvertInput> {
  if (!isMultipart(c)) return parseInput(AdvertInputSchema, await readJson(c));
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw invalid(MEDIA_MESSAGES.malformedUpload);
  }
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const fields = { link: text(form.link), category: text(form.category), content: text(form.content) };
  parseInput(AdvertFieldsSchema, fields);

  const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const entries: unknown[] = [...list(form.image), ...list(form.images)];
  if (entries.filter((value) => value instanceof File).length > MAX_IMAGES_PER_POST) {
    throw invalid(ADVERT_MESSAGES.tooManyImages);
  }
  const urls: string[] = [];
  for (const value of entries) {
    if (value instanceof File) {
      const uploaded = await services.media.uploadImage(Buffer.from(await value.arrayBuffer()), {
        uploaderId,
        allowedFormats: ADVERT_IMAGE_FORMATS,
      });
      urls.push(uploaded.url);
    } else if (typeof value === "string" && value.trim().startsWith("[")) {
      urls.push(...parseJsonArray(value));
    } else if (typeof value === "string" && value.trim()) {
      urls.push(value.trim());
    }
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
  const limitBody = bodyLimit({
    maxSize: MAX_ADVERT_BODY_BYTES,
    onError: () => {
      throw tooLarge(MEDIA_MESSAGES.tooManyBytes);
    },
  });

  return new Hono<AppEnv>()
    .post("/", admitStaff, limitBody, async (c) => {
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
    .patch("/:id", admitStaff, limitBody, async (c) => {
      const staff = currentStaff(c);
      const input = await readAdvertInput(c, services, staff.id);
      return c.json(await services.adverts.updateAdvert(c.req.param("id"), input));
    })
    .delete("/:id", admitStaff, async (c) => {
      await services.adverts.deleteAdvert(c.req.param("id"));
      return c.json({ message: ADVERT_MESSAGES.advertDeleted });
    });
}
