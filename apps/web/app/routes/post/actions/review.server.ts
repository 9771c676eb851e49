import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import type { PostIntentArgs } from "./intent.server";

/** Creates or updates the reader's review; the API checks the rating. */
export function review({ context, id, form, field }: PostIntentArgs) {
  return callApi(context, engagementApi.saveReview, {
    params: { id },
    body: { rating: field("rating"), review: field("review") },
    ...idempotencyHeaders(form),
  });
}
