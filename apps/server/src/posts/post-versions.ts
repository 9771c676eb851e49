import { EDITOR_SAFETY_MESSAGES, isUuid, type PostDetail, type PostInput } from "@broadsheet/domain";
import { AppError } from "../errors";
import { sanitizeRichText } from "./html-sanitizer";

// Not fields an editor types: how the save is published, and the version itself.
const NOT_EDITED = new Set(["version", "isPublished", "scheduledAt"]);

/** An input value as the post's answer spells it, or undefined where the two cannot be compared. */
function comparable(field: string, value: unknown): unknown {
  if (field === "content" && typeof value === "string") return sanitizeRichText(value);
  // A category may be sent by id; the answer names it.
  if (field === "category" && typeof value === "string" && isUuid(value)) return undefined;
  return value;
}

function saved(field: string, current: PostDetail): unknown {
  const value = (current as Record<string, unknown>)[field];
  if (field === "tags" && Array.isArray(value)) return value.map((tag: { name: string }) => tag.name);
  return value;
}

/** The fields an edit sets to something other than what is saved now: what the other save changed. */
export function changedFields(input: PostInput, current: PostDetail): string[] {
  return Object.entries(input).flatMap(([field, value]) => {
    if (NOT_EDITED.has(field) || value === undefined || !(field in current)) return [];
    const mine = comparable(field, value);
    if (mine === undefined) return [];
    return JSON.stringify(mine) === JSON.stringify(saved(field, current)) ? [] : [field];
  });
}

/** 409 to a save based on an older version: the post as it is now and what differs (decision 076). */
export function staleVersion(input: PostInput, current: PostDetail): AppError {
  return new AppError("conflict", EDITOR_SAFETY_MESSAGES.staleVersion, undefined, {
    version: current.version,
    changed: changedFields(input, current),
    current,
  });
}
