import type { PostInput } from "@broadsheet/domain";
import { posts } from "../db/schema";

/** The standfirst and search-and-social fields (docs/product/post-fields.md), as stored and answered. */
export const postFieldColumns = {
  excerpt: posts.excerpt,
  metaTitle: posts.metaTitle,
  metaDescription: posts.metaDescription,
  socialImage: posts.socialImage,
  canonicalUrl: posts.canonicalUrl,
};

type PostFieldName = keyof typeof postFieldColumns;

/** The fields an input sends; those it leaves out keep what the post has. */
export function postFieldValues(input: PostInput): Partial<Record<PostFieldName, string>> {
  const values: Partial<Record<PostFieldName, string>> = {};
  for (const name of Object.keys(postFieldColumns) as PostFieldName[]) {
    const value = input[name];
    if (value !== undefined) values[name] = value;
  }
  return values;
}

export function postFieldsOf(row: Partial<Record<PostFieldName, string>> | undefined): Record<PostFieldName, string> {
  return {
    excerpt: row?.excerpt ?? "",
    metaTitle: row?.metaTitle ?? "",
    metaDescription: row?.metaDescription ?? "",
    socialImage: row?.socialImage ?? "",
    canonicalUrl: row?.canonicalUrl ?? "",
  };
}
