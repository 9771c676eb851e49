import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

export function deleteReview({ context, id }: PostIntentArgs) {
  return callApi(context, engagementApi.deleteReview, { params: { id } });
}
