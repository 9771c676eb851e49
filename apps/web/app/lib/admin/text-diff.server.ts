import { htmlToText } from "@broadsheet/domain";
import { diffWordsWithSpace } from "diff";

/** A run of text that is the same on both sides, or only in one. */
export interface DiffPart {
  text: string;
  change: "same" | "added" | "removed";
}

/** Word-by-word changes from `before` to `after` (jsdiff), for <del>/<ins>. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    text: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

/** The changes in an article's words (its HTML read as text; formatting changes do not show). */
export function articleDiff(beforeHtml: string, afterHtml: string): DiffPart[] {
  return wordDiff(htmlToText(beforeHtml), htmlToText(afterHtml));
}
