import { endpoint, MessageSchema } from "../api/endpoint";
import { PostIdParams } from "../api/query.schemas";
import { z } from "../zod";
import { RevisionSummarySchema } from "./revisions.endpoints";

/*
 * While a post is open in the editor (issue 43, docs/product/editor-safety.md): its unsaved
 * text is autosaved into the revisions, and who has it open is shown to the others.
 */

/** Seconds of no typing before the editor autosaves. */
export const AUTOSAVE_AFTER_SECONDS = 5;
/** How often an open editor says it is still there. */
export const EDITING_HEARTBEAT_SECONDS = 20;
/** An editor not heard from for this long has left: the post is free to take. */
export const EDITING_TIMEOUT_SECONDS = 60;

export const POST_EDITING_MESSAGES = {
  autosaveTitle: "An autosave needs a title",
  autosaveTitleTooLong: "Title must be at most 200 characters",
  autosaveContentTooLong: "Content must be at most 200,000 characters",
  autosaved: (time: string) => `Autosaved at ${time}`,
  autosaveFailed: "Autosave failed; your changes are kept in this browser",
  someoneEditing: (name: string) => `${name} is editing this post`,
  takenOver: (name: string) => `${name} has taken over this post`,
} as const;

export const AutosaveInputSchema = z
  .object({
    title: z
      .string({ error: POST_EDITING_MESSAGES.autosaveTitle })
      .trim()
      .min(1, POST_EDITING_MESSAGES.autosaveTitle)
      .max(200, POST_EDITING_MESSAGES.autosaveTitleTooLong),
    content: z.string().max(200_000, POST_EDITING_MESSAGES.autosaveContentTooLong).optional().default(""),
  })
  .meta({ id: "AutosaveInput" });

export const PostEditorSchema = z
  .object({
    editor: z.object({ _id: z.string(), name: z.string() }).describe("Who has the post open"),
    mine: z.boolean().describe("Whether that is the caller"),
    since: z.string().meta({ format: "date-time" }).describe("When they were last heard from"),
  })
  .meta({ id: "PostEditor" });
export type PostEditor = z.infer<typeof PostEditorSchema>;

export const postEditingApi = {
  autosave: endpoint({
    method: "put",
    path: "/api/posts/{id}/autosave",
    tag: "Posts",
    summary: "Keep the editor's unsaved title and text as an autosave",
    description:
      "One autosave per editor and post, replaced by the next and dropped when that editor saves the post. It is listed with the revisions, marked as an autosave, and restores like one; the post itself does not change.",
    access: "staff",
    params: PostIdParams,
    body: AutosaveInputSchema,
    response: RevisionSummarySchema,
    responseDescription: "The autosave",
    errors: [404],
  }),
  heartbeat: endpoint({
    method: "put",
    path: "/api/posts/{id}/editing",
    tag: "Posts",
    summary: "Say the caller has the post open; answers who has it",
    description: `Taken when free, when its editor has not been heard from for ${EDITING_TIMEOUT_SECONDS} s, or with takeOver; otherwise the answer names the other editor.`,
    access: "staff",
    params: PostIdParams,
    body: z.object({ takeOver: z.boolean().optional().default(false) }).meta({ id: "EditingInput" }),
    response: PostEditorSchema,
    responseDescription: "Who has the post open",
    errors: [404],
  }),
  leave: endpoint({
    method: "delete",
    path: "/api/posts/{id}/editing",
    tag: "Posts",
    summary: "The caller closed the editor: the post is free",
    access: "staff",
    params: PostIdParams,
    response: MessageSchema,
    responseDescription: "Left",
    errors: [404],
  }),
};
