import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** Creates or updates the reader's review; the API checks the rating. */
export function review({ context, id, field }: PostIntentArgs) {
  return callApi(context, engagementApi.saveReview, {
    params: { id },
    body: { rating: field("rating"), review: field("review") },
  });
}
