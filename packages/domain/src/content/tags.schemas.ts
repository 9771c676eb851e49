import { normalizeSlug } from "../rules/text";
import { z } from "../zod";

/** Free-form tags on posts (issue 41, docs/product/tags.md). */

export const TAG_NAME_MAX_LENGTH = 60;
export const MAX_TAGS_PER_POST = 30;
export const TAG_SLUG_MAX_LENGTH = 200;
/** Suggestions the editor shows as an editor types. */
export const TAG_SUGGESTIONS = 10;
export const TAG_PAGE_SIZE = 50;

export const TAG_MESSAGES = {
  nameRequired: "Please give the tag a name",
  nameTooLong: `A tag must be at most ${TAG_NAME_MAX_LENGTH} characters`,
  tooManyTags: `A post can have at most ${MAX_TAGS_PER_POST} tags`,
  tagNotFound: "Tag not found",
  slugTooLong: `A slug must be at most ${TAG_SLUG_MAX_LENGTH} characters`,
  nameTaken: "Another tag already has this name",
  slugTaken: "Another tag already has this slug",
  mergeIntoItself: "Choose another tag to merge into",
  mergeTargetMissing: "Choose the tag to merge into",
  tagDeleted: "Tag deleted",
} as const;

/** Runs of spaces in a name typed are one space. */
const foldSpaces = (name: string) => name.replace(/\s+/g, " ");

/** A tag's name as people type it: trimmed, spaces folded. */
export const TagNameSchema = z
  .string({ error: TAG_MESSAGES.nameRequired })
  .trim()
  .min(1, TAG_MESSAGES.nameRequired)
  .max(TAG_NAME_MAX_LENGTH, TAG_MESSAGES.nameTooLong)
  .transform(foldSpaces);

/** The same name twice in any letter case is one tag: the first spelling stays. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A post's tags by name, in the editor's order: empty entries dropped, duplicates (any case) once. */
export const PostTagNamesSchema = z
  .array(z.string().trim().max(TAG_NAME_MAX_LENGTH, TAG_MESSAGES.nameTooLong).transform(foldSpaces), {
    error: TAG_MESSAGES.tooManyTags,
  })
  .transform((names) => uniqueTagNames(names.filter(Boolean)))
  .pipe(z.array(z.string()).max(MAX_TAGS_PER_POST, TAG_MESSAGES.tooManyTags))
  .meta({
    description: `Tag names in order; at most ${MAX_TAGS_PER_POST}, each up to ${TAG_NAME_MAX_LENGTH} characters`,
  });

/**
 * Rename a tag. A slug given is normalised (any script, lower case, words joined by "-"); one
 * with no letter or digit left ("") is made from the new name; none keeps the slug.
 */
export const TagRenameSchema = z.object(
  {
    name: TagNameSchema,
    slug: z
      .string()
      .max(TAG_SLUG_MAX_LENGTH, TAG_MESSAGES.slugTooLong)
      .transform(normalizeSlug)
      .optional()
      .meta({ description: "The tag page's slug; empty makes it from the name; left out keeps it" }),
  },
  { error: TAG_MESSAGES.nameRequired },
);
export type TagRename = z.infer<typeof TagRenameSchema>;

export const TagMergeSchema = z.object(
  {
    into: z
      .string({ error: TAG_MESSAGES.mergeTargetMissing })
      .trim()
      .min(1, TAG_MESSAGES.mergeTargetMissing)
      .describe("The tag to keep: its id, slug or name (any letter case)"),
  },
  { error: TAG_MESSAGES.mergeTargetMissing },
);
export type TagMerge = z.infer<typeof TagMergeSchema>;

/** A tag as a post shows it: its name and its page's slug (/tag/{slug}). */
export const TagRefSchema = z.object({ name: z.string(), slug: z.string() }).meta({ id: "TagRef" });
export type TagRef = z.infer<typeof TagRefSchema>;

export const TagSchema = z
  .object({
    _id: z.string().describe("UUID"),
    name: z.string(),
    slug: z.string(),
    postCount: z.number().int().describe("Published posts for readers; every post, drafts included, for staff"),
  })
  .meta({ id: "Tag" });
export type TagJson = z.infer<typeof TagSchema>;
