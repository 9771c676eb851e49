import { htmlToText } from "../rules/text";
import { z } from "../zod";

/** The standfirst and the search-and-social fields of a post (docs/product/post-fields.md). */
export const POST_FIELD_LIMITS = {
  excerpt: 300,
  metaTitle: 200,
  metaDescription: 300,
  canonicalUrl: 2000,
  socialImage: 2000,
  /** About what a search result shows of a title; the editor's hint counts towards it. */
  metaTitleShown: 60,
  /** About what a search result shows of a description. */
  metaDescriptionShown: 155,
} as const;

export const POST_FIELD_MESSAGES = {
  excerptTooLong: `The excerpt must be at most ${POST_FIELD_LIMITS.excerpt} characters`,
  metaTitleTooLong: `The meta title must be at most ${POST_FIELD_LIMITS.metaTitle} characters`,
  metaDescriptionTooLong: `The meta description must be at most ${POST_FIELD_LIMITS.metaDescription} characters`,
  canonicalUrlInvalid: "The canonical URL must be a URL starting with http:// or https://",
  socialImageInvalid: "The social image must be an image of this site (/media/…) or an https URL",
} as const;

/** A plain-text field on one line: pasted line breaks would end up in the page's meta tags. */
function line(max: number, message: string) {
  return z
    .string()
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().max(max, message));
}

/** An address or nothing (""), checked by `pattern`. */
function address(pattern: RegExp, max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .refine((url) => url === "" || pattern.test(url), message);
}

/**
 * The rules of the fields, without a default: a post's and a page's input (pages.schemas) each
 * say what leaving one out means. The URL patterns come from posts.schemas.
 */
export function seoFieldRules(patterns: { imageUrl: RegExp; httpUrl: RegExp }) {
  return {
    excerpt: line(POST_FIELD_LIMITS.excerpt, POST_FIELD_MESSAGES.excerptTooLong),
    metaTitle: line(POST_FIELD_LIMITS.metaTitle, POST_FIELD_MESSAGES.metaTitleTooLong),
    metaDescription: line(POST_FIELD_LIMITS.metaDescription, POST_FIELD_MESSAGES.metaDescriptionTooLong),
    socialImage: address(patterns.imageUrl, POST_FIELD_LIMITS.socialImage, POST_FIELD_MESSAGES.socialImageInvalid),
    canonicalUrl: address(patterns.httpUrl, POST_FIELD_LIMITS.canonicalUrl, POST_FIELD_MESSAGES.canonicalUrlInvalid),
  };
}

/**
 * The fields of a post's input. Each left out of an update keeps what the post has; "" clears it
 * (the post's own is used). posts.schemas spreads this in.
 */
export function postFieldsShape(patterns: { imageUrl: RegExp; httpUrl: RegExp }) {
  const rules = seoFieldRules(patterns);
  return {
    excerpt: rules.excerpt
      .optional()
      .meta({ description: "Standfirst under the title, on cards, in feeds and the meta description; empty: none" }),
    metaTitle: rules.metaTitle
      .optional()
      .meta({ description: "The title search engines and shares show; empty: the title" }),
    metaDescription: rules.metaDescription
      .optional()
      .meta({ description: "The description search engines show; empty: the excerpt, else the start of the text" }),
    socialImage: rules.socialImage
      .optional()
      .meta({ description: "The image of shares (og:image); empty: the first image" }),
    canonicalUrl: rules.canonicalUrl
      .optional()
      .meta({ description: "Where the story first ran (rel=canonical); empty: the post's own address" }),
  };
}

/** The fields as a post's answer carries them. */
export const PostFieldsAnswerSchema = z.object({
  excerpt: z.string().describe("Standfirst, or empty"),
  metaTitle: z.string().describe("Empty: the title is used"),
  metaDescription: z.string().describe("Empty: the excerpt, else the start of the text is used"),
  socialImage: z.string().describe("Empty: the first image is used"),
  canonicalUrl: z.string().describe("Empty: the post's own address"),
});

/**
 * The opening of a body as a description: headings are left out (a first heading run into the
 * paragraph read "A life on the rocks The last keepers…", issue 43).
 */
export function bodyDescription(html: string): string {
  // Headings and embeds (decision 077) are no part of the opening a description quotes.
  return htmlToText(html.replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>|<figure class="embed[\s\S]*?<\/figure>/gi, " "));
}

/** A post's description for search engines and shares: its own, else its excerpt, else its opening, else its title. */
export function postDescription(
  post: { title: string; content: string; excerpt: string; metaDescription: string },
  max: number,
): string {
  return (post.metaDescription || post.excerpt || bodyDescription(post.content) || post.title).slice(0, max);
}
