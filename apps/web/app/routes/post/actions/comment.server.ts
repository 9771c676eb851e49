import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import { checkComment } from "../check-comment";
import type { PostIntentArgs } from "./intent.server";

export async function comment({ context, id, form }: PostIntentArgs) {
  const checked = checkComment(form);
  if (!checked.ok) return checked;
  return callApi(context, engagementApi.addComment, {
    params: { id },
    body: checked.value,
    ...idempotencyHeaders(form),
  });
}
