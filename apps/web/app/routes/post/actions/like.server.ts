import { engagementApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** Like, or unlike when the reader saw the post liked (`liked`). */
export function like({ context, id, field }: PostIntentArgs) {
  const endpoint = field("liked") === "true" ? engagementApi.removeLike : engagementApi.addLike;
  return callApi(context, endpoint, { params: { id } });
}
