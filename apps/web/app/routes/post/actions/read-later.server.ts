import { usersApi } from "@broadsheet/domain";
import { callApi } from "../../../lib/api.server";
import type { PostIntentArgs } from "./intent.server";

/** Adds the post to Read Later, or takes it off when the reader saw it saved (`saved`). */
export async function readLater({ context, id, field }: PostIntentArgs) {
  return field("saved") === "true"
    ? await callApi(context, usersApi.removeFromWishlist, { params: { id } })
    : await callApi(context, usersApi.addToWishlist, { body: { postId: id } });
}
