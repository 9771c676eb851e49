import {
  type AdvertPlacement,
  type advertsApi,
  type BodyOf,
  categoriesApi,
  fromZonedInputValue,
  POST_MESSAGES,
  type postsApi,
  typesApi,
} from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import { callApi } from "../api.server";
import type { CallInput, InputArgs } from "../api-client";
import { answerSave } from "../forms/answer.server";
import { formList, formText } from "../forms/form-data";
import type { Category, PostType } from "../post-types";

/* Shared by the admin post and advert screens: the form → JSON body of the API, and saving it. */

/**
 * POST/PATCH /api/posts body. Publish sends isPublished true; Save as draft false and no
 * schedule; Schedule the time picked (a wall-clock time in the site's zone) as UTC.
 */
export function postBody(
  form: FormData,
  timeZone: string,
): { ok: true; body: BodyOf<typeof postsApi.create> } | { ok: false; message: string } {
  const intent = formText(form, "intent");
  let scheduledAt: string | null = null;
  if (intent === "schedule") {
    const at = fromZonedInputValue(formText(form, "scheduleAt"), timeZone);
    if (!at) return { ok: false, message: POST_MESSAGES.scheduleMissing };
    scheduledAt = at.toISOString();
  }
  return {
    ok: true,
    body: {
      title: formText(form, "title"),
      link: formText(form, "link").trim(),
      category: formText(form, "category"),
      type: formText(form, "type"),
      content: formText(form, "content"),
      image: formList(form, "image"),
      // By position: an image without a description keeps its empty place, or the next ones' would shift onto it.
      imageAlt: form.getAll("imageAlt").map((value) => (typeof value === "string" ? value.trim() : "")),
      // Sent only by the Authors field (scripts on): without it a post keeps its authors.
      ...(form.getAll("authors").length > 0 ? { authors: formList(form, "authors") } : {}),
      // The chips and the text box (names typed without scripts are separated by commas).
      tags: formList(form, "tags").flatMap((names) => names.split(",")),
      isPublished: intent === "publish",
      scheduledAt,
      // Left empty: a new post's comes from its title, an edited post keeps its own.
      ...(formText(form, "slug").trim() ? { slug: formText(form, "slug") } : {}),
      // Only the edit screen has the field: a new post sends none.
      ...(form.has("correction") ? { correction: formText(form, "correction") } : {}),
      // The version the editor opened (edit screen only): a save over a newer one answers 409.
      ...(formText(form, "version") ? { version: Number(formText(form, "version")) } : {}),
      ...postFieldsOf(form),
    },
  };
}

/** The search-and-social fields the editor sends; a form without them (none yet) leaves the post's. */
function postFieldsOf(form: FormData) {
  const names = ["excerpt", "metaTitle", "metaDescription", "socialImage", "canonicalUrl"] as const;
  return Object.fromEntries(names.filter((name) => form.has(name)).map((name) => [name, formText(form, name)]));
}

/** POST/PATCH /api/adverts body (`category` is the placement). */
export function advertBody(form: FormData): BodyOf<typeof advertsApi.create> {
  return {
    link: formText(form, "link").trim(),
    // Sent as chosen: the API refuses a placement that is not one, with its own message.
    category: formText(form, "category") as AdvertPlacement,
    content: formText(form, "content"),
    image: formList(form, "image"),
  };
}

type SaveEndpoint =
  | typeof postsApi.create
  | typeof postsApi.update
  | typeof advertsApi.create
  | typeof advertsApi.update;

/** Sends a post or advert form to the API (create or update); `success` is the toast of a saved one. */
export async function saveContent<E extends SaveEndpoint>(
  context: AppLoadContext,
  intent: string,
  endpoint: E,
  input: CallInput<E>,
  success: string,
) {
  const result = await callApi(context, endpoint, ...([input] as InputArgs<E>));
  return answerSave(result, { intent, success });
}

/** Categories and types for the post form; an unreachable list shows as empty. */
export async function loadTaxonomy(context: AppLoadContext): Promise<{ categories: Category[]; types: PostType[] }> {
  const [categories, types] = await Promise.all([
    callApi(context, categoriesApi.list),
    callApi(context, typesApi.list),
  ]);
  return {
    categories: categories.ok ? categories.data : [],
    types: types.ok ? types.data : [],
  };
}
