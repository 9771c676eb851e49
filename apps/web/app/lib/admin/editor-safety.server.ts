import { type PostConflict, postsApi } from "@broadsheet/domain";
import { type AppLoadContext, data } from "react-router";
import { callApi } from "../api.server";
import type { CallInput } from "../api-client";
import { answerSave } from "../forms/answer.server";

/** A field of a conflict as the merge panel shows it: the saved value and the one sent. */
export interface ConflictField {
  field: string;
  theirs: string;
  mine: string;
}

export interface EditConflict {
  version: number;
  fields: ConflictField[];
}

const shown = (value: unknown): string =>
  Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : JSON.stringify(value ?? "");

/** The conflict of a 409 (decision 076), in the shape the merge panel takes. */
function conflictOf(answer: PostConflict, sent: Record<string, unknown>): EditConflict {
  const current = answer.current as Record<string, unknown>;
  return {
    version: answer.version,
    fields: answer.changed.map((field) => ({
      field,
      theirs: shown(field === "tags" ? answer.current.tags.map((tag) => tag.name) : current[field]),
      mine: shown(sent[field]),
    })),
  };
}

/** Saves an edited post; a save over someone else's answers the conflict for the editor to merge. */
export async function saveEditedPost(
  context: AppLoadContext,
  intent: string,
  input: CallInput<typeof postsApi.update>,
  success: string,
) {
  const saved = await callApi(context, postsApi.update, input);
  const answer = saved.data as Partial<PostConflict>;
  if (saved.status === 409 && answer.current && input.body) {
    return data(
      {
        ok: false as const,
        intent,
        message: answer.message ?? "",
        conflict: conflictOf(answer as PostConflict, input.body as Record<string, unknown>),
      },
      { status: 409 },
    );
  }
  return answerSave(saved, { intent, success });
}
