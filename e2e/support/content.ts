import { type APIRequestContext, expect } from "@playwright/test";
import { REMOTE_IMAGE } from "./images";

/** A category or a type. */
export interface Taxon {
  name: string;
  slug: string;
}

export interface CreatedPost {
  _id: string;
  slug: string;
  title: string;
}

export async function createCategory(api: APIRequestContext, name: string): Promise<Taxon> {
  const response = await api.post("/api/category/createCategory", { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { category: Taxon }).category;
}

export async function createType(api: APIRequestContext, name: string, category: string): Promise<Taxon> {
  const response = await api.post("/api/type/createType", { data: { name, category } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { type: Taxon }).type;
}

/** A published post with one remote image, unless `input` says otherwise. */
export async function createPost(
  api: APIRequestContext,
  input: { title: string; category: string; type?: string; content?: string; link?: string; isPublished?: boolean },
): Promise<CreatedPost> {
  const response = await api.post("/api/posts", {
    data: { content: "<p>A short story.</p>", type: "", image: [REMOTE_IMAGE], ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedPost;
}

/** The newest post matching `title`: for posts made through the admin screens, whose id the test does not know. */
export async function findPost(
  api: APIRequestContext,
  title: string,
): Promise<{ slug: string; isPublished: boolean; type: string } | undefined> {
  const found = await api.get(`/api/posts?search=${encodeURIComponent(title)}`);
  const [post] = ((await found.json()) as { items: { slug: string; isPublished: boolean; type: string }[] }).items;
  return post;
}
