import { postsApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** Staff only (the API decides); the page then goes home (see shouldRevalidate). */
export function deletePost({ context, id }: PostIntentArgs) {
  return callApi(context, postsApi.remove, { params: { id } });
}
