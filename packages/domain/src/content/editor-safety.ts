import { PostDetailSchema } from "../api/api-shapes";
import { z } from "../zod";

/*
 * Safe writes from editors' forms (issue 43, docs/product/editor-safety.md): idempotency keys on
 * creates and versions on posts. Shared by the server, which enforces them, and the web forms.
 */

/** The request header that makes a create idempotent. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** Set on an answer repeated from a key's first request. */
export const IDEMPOTENT_REPLAY_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const EDITOR_SAFETY_MESSAGES = {
  badKey: `The Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters`,
  keyReused: "This Idempotency-Key was already used for a different request",
  stillRunning: "The first request with this Idempotency-Key is still being processed. Try again in a moment.",
  staleVersion: "Someone else saved this post since you opened it",
  badIfMatch: 'If-Match must be the post\'s ETag, such as "post-3"',
} as const;

/**
 * A post's ETag names its version, so a save can say which copy it was based on, and a digest
 * of the answer, so a revalidated GET is never answered 304 over newer comments or counts.
 */
export const postEntityTag = (version: number, digest: string) => `"post-${version}.${digest}"`;

/** The version an If-Match header names (weak or strong, with or without a digest), or null if it names none. */
export function versionOfEntityTag(header: string): number | null {
  const match = /^(?:W\/)?"post-(\d{1,9})(?:\.[\w-]*)?"$/.exec(header.trim());
  return match ? Number(match[1]) : null;
}

/** A save refused because the post changed since the copy it was based on (409). */
export const PostConflictSchema = z
  .object({
    message: z.string(),
    version: z.number().int().describe("The post's version now"),
    changed: z.array(z.string()).describe("The fields whose saved value differs from the one sent"),
    current: PostDetailSchema.describe("The post as it is now saved"),
  })
  .meta({ id: "PostConflict" });
export type PostConflict = z.infer<typeof PostConflictSchema>;
