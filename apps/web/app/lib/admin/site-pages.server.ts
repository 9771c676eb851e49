import { type BodyOf, MAX_PAGE_SIZE, pagesApi, type SitePageSummary } from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import { callApi } from "../api.server";
import { formText } from "../forms/form-data";

// A parent or navigation select lists every page; past this many a site has outgrown a select anyway.
const MOST_PAGES = 1000;

/** Every page, drafts included, by title: the choices of the parent and navigation selects. */
export async function loadAllPages(context: AppLoadContext): Promise<SitePageSummary[]> {
  const all: SitePageSummary[] = [];
  for (let page = 1; all.length < MOST_PAGES; page++) {
    const result = await callApi(context, pagesApi.list, { query: { page, limit: MAX_PAGE_SIZE, status: "all" } });
    if (!result.ok) break;
    all.push(...result.data.items);
    if (all.length >= result.data.total || result.data.items.length === 0) break;
  }
  return all;
}

/** POST/PUT /api/pages body from the page form. */
export function pageBody(form: FormData): BodyOf<typeof pagesApi.create> {
  return {
    title: formText(form, "title"),
    slug: formText(form, "slug"),
    parentId: formText(form, "parentId"),
    content: formText(form, "content"),
    isPublished: form.get("isPublished") === "on",
    metaTitle: formText(form, "metaTitle"),
    metaDescription: formText(form, "metaDescription"),
    excerpt: formText(form, "excerpt"),
    socialImage: formText(form, "socialImage"),
    canonicalUrl: formText(form, "canonicalUrl"),
  };
}
