import { CommentInputSchema, MESSAGES } from "@broadsheet/domain";
import { check } from "../../lib/forms/check";
import { formTexts } from "../../lib/forms/form-data";

/** The comment form's check, in the browser before posting and in the action. */
export function checkComment(form: FormData) {
  return check(CommentInputSchema, formTexts(form, ["comment"]), MESSAGES.commentRequired);
}
