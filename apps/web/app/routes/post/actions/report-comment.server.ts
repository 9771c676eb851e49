import { moderationApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** A reader tells the editors about a comment (once each; the API answers the thanks or a refusal). */
export function reportComment({ context, field }: PostIntentArgs) {
  return callApi(context, moderationApi.report, { params: { id: field("commentId") } });
}
