import { z } from "../zod";
import { seoFieldRules } from "./post-fields.schemas";
import { HTTP_URL_PATTERN, IMAGE_URL_PATTERN } from "./posts.schemas";

export const PAGE_LIMITS = {
  title: 200,
  slug: 200,
  content: 200_000,
  metaTitle: 200,
  metaDescription: 300,
} as const;

/** Messages of the pages calls and screens (docs/product/pages.md). */
export const PAGE_MESSAGES = {
  titleRequired: "Please add a title",
  titleTooLong: `Title must be at most ${PAGE_LIMITS.title} characters`,
  slugTooLong: `Slug must be at most ${PAGE_LIMITS.slug} characters`,
  slugEmpty: "A slug needs at least one letter or digit.",
  slugTaken: "A page already uses this slug.",
  contentTooLong: "Content is too long",
  metaTitleTooLong: `Meta title must be at most ${PAGE_LIMITS.metaTitle} characters`,
  metaDescriptionTooLong: `Meta description must be at most ${PAGE_LIMITS.metaDescription} characters`,
  parentInvalid: "The parent page does not exist.",
  parentCycle: "A page cannot sit under itself or under one of its own subpages.",
  pageNotFound: "Page not found",
  pageCreated: "Page created",
  pageSaved: "Page saved",
  pageDeleted: "Page deleted",
} as const;

/** The refusal of a slug one of the site's own screens or files uses. */
export function reservedSlugMessage(slug: string): string {
  return `“${slug}” is used by the site itself; choose another slug.`;
}

// A post's rules and messages: the two kinds of content are checked alike.
const seoRules = seoFieldRules({ imageUrl: IMAGE_URL_PATTERN, httpUrl: HTTP_URL_PATTERN });

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Create or replace a page. An empty slug is made from the title; an empty parent is none. */
export const PageInputSchema = z.object({
  title: z
    .string({ error: PAGE_MESSAGES.titleRequired })
    .trim()
    .min(1, PAGE_MESSAGES.titleRequired)
    .max(PAGE_LIMITS.title, PAGE_MESSAGES.titleTooLong),
  content: z.string().optional().default("").pipe(z.string().max(PAGE_LIMITS.content, PAGE_MESSAGES.contentTooLong)),
  slug: z.string().trim().max(PAGE_LIMITS.slug, PAGE_MESSAGES.slugTooLong).optional().default(""),
  parentId: z
    .union([z.literal(""), z.string().regex(UUID_PATTERN, PAGE_MESSAGES.parentInvalid)], {
      error: PAGE_MESSAGES.parentInvalid,
    })
    .nullable()
    .optional()
    .transform((parentId) => parentId || null),
  isPublished: z.boolean().optional().default(false),
  metaTitle: z.string().trim().max(PAGE_LIMITS.metaTitle, PAGE_MESSAGES.metaTitleTooLong).optional().default(""),
  metaDescription: z
    .string()
    .trim()
    .max(PAGE_LIMITS.metaDescription, PAGE_MESSAGES.metaDescriptionTooLong)
    .optional()
    .default(""),
  excerpt: seoRules.excerpt
    .optional()
    .default("")
    .meta({ description: "Shown under the title and the meta description when that is empty; empty: none" }),
  socialImage: seoRules.socialImage
    .optional()
    .default("")
    .meta({ description: "The image of shares (og:image); empty: none" }),
  canonicalUrl: seoRules.canonicalUrl
    .optional()
    .default("")
    .meta({ description: "Where the text first ran (rel=canonical); empty: the page's own address" }),
});
export type PageInput = z.output<typeof PageInputSchema>;
export type PageInputValues = z.input<typeof PageInputSchema>;
