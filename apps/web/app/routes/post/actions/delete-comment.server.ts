import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** The reader's own comment, or any for staff (the API decides). */
export function deleteComment({ context, id, field }: PostIntentArgs) {
  return callApi(context, engagementApi.deleteComment, { params: { id, commentId: field("commentId") } });
}
