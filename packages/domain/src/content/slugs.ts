import transliterate from "@sindresorhus/transliterate";
import { asciiSlug } from "../rules/text";

/*
 * Outside rules/, whose modules share the chunk every reader page loads: the transliteration
 * tables (8 KB compressed) reach only the server and the admin post editor (decision 064).
 */

/**
 * URL-safe slug from a title or a name, letters of other scripts transliterated ("Привет, мир"
 * gives "privet-mir"); uniqueness is the caller's job.
 */
export function slugify(title: string, fallback = "post"): string {
  return asciiSlug(transliterate(title), fallback);
}
