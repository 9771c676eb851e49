import { MESSAGES } from "@broadsheet/domain";
import { type AppLoadContext, data } from "react-router";
import type { ContentFormResult } from "./admin-content";
import { type ApiResult, callApi, errorMessage } from "./api.server";
import type { Category, PostType } from "./post-types";

/*
 * Shared by the admin post and advert screens: the form → JSON body of the API, and the
 * SPEC.md §4 rule that a create/update answer carrying a `message` field is an error.
 */

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function images(form: FormData): string[] {
  return form
    .getAll("image")
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim())
    .filter(Boolean);
}

/** POST/PATCH /api/posts body: Publish sends isPublished true, Save as draft false. */
export function postBody(form: FormData) {
  return {
    title: text(form, "title"),
    link: text(form, "link").trim(),
    category: text(form, "category"),
    type: text(form, "type"),
    content: text(form, "content"),
    image: images(form),
    isPublished: text(form, "intent") === "publish",
  };
}

/** POST/PATCH /api/adverts body (`category` is the placement). */
export function advertBody(form: FormData) {
  return {
    link: text(form, "link").trim(),
    category: text(form, "category"),
    content: text(form, "content"),
    image: images(form),
  };
}

/** The error of a create/update answer: a failed call, or (SPEC.md §4) any answer with a message. */
export function refusal(result: ApiResult<unknown>): string | null {
  const body = result.data as { message?: unknown } | null;
  if (!result.ok) return errorMessage(result);
  if (body && typeof body === "object" && typeof body.message === "string") return body.message;
  if (!body || typeof body !== "object") return MESSAGES.internalError;
  return null;
}

/** Sends a post or advert form to the API and answers the form's result. */
export async function saveContent(
  context: AppLoadContext,
  intent: string,
  path: string,
  method: "POST" | "PATCH",
  json: unknown,
) {
  const result = await callApi<{ _id?: string; slug?: string }>(context, path, { method, json });
  const message = refusal(result);
  if (message) {
    return data<ContentFormResult>({ ok: false, intent, message }, { status: result.ok ? 400 : result.status });
  }
  return data<ContentFormResult>({ ok: true, intent, id: result.data._id ?? "", slug: result.data.slug });
}

/** Categories and types for the post form; an unreachable list shows as empty. */
export async function loadTaxonomy(context: AppLoadContext): Promise<{ categories: Category[]; types: PostType[] }> {
  const [categories, types] = await Promise.all([
    callApi<Category[]>(context, "/api/category/getCategories"),
    callApi<PostType[]>(context, "/api/type/getTypes"),
  ]);
  return {
    categories: categories.ok && Array.isArray(categories.data) ? categories.data : [],
    types: types.ok && Array.isArray(types.data) ? types.data : [],
  };
}
