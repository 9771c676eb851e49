import { type CastVoteInput, engagementApi, pollsApi, usersApi } from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiMessage } from "../../lib/forms/answer.server";
import type { ReaderActionResult, ReaderIntent } from "./action-form";

/** A reader intent's answer, with the API's status (401: the reader must log in). */
export interface ReaderOutcome {
  result: ReaderActionResult;
  status: number;
}

/** What one intent reads of the form: a text field, trimmed ("" when missing). */
type Field = (name: string) => string;

const READ_LATER_ADDED = "Post added to your read later list";

/** Like or unlike the post `postId`; the answer is the post's likes. */
async function like(context: AppLoadContext, field: Field, liked: boolean): Promise<ReaderOutcome> {
  const postId = field("postId");
  const endpoint = liked ? engagementApi.addLike : engagementApi.removeLike;
  const answer = await callApi(context, endpoint, { params: { id: postId } });
  const result: ReaderActionResult = answer.ok
    ? { intent: "like", ok: true, postId, ...answer.data }
    : { intent: "like", ok: false, message: errorMessage(answer) };
  return { result, status: answer.status };
}

/** Saves `postId` to Read Later, or takes it off when the reader saw it saved (`saved`). */
async function readLater(context: AppLoadContext, field: Field): Promise<ReaderOutcome> {
  const postId = field("postId");
  const remove = field("saved") === "true";
  const answer = remove
    ? await callApi(context, usersApi.removeFromWishlist, { params: { id: postId } })
    : await callApi(context, usersApi.addToWishlist, { body: { postId } });
  const message = apiMessage(answer) ?? (remove ? undefined : READ_LATER_ADDED);
  const result: ReaderActionResult = answer.ok
    ? { intent: "readLater", ok: true, postId, message }
    : { intent: "readLater", ok: false, message: errorMessage(answer) };
  return { result, status: answer.status };
}

/** A vote for `option` in the poll `pollId`; the answer is the poll with its tally. */
async function vote(context: AppLoadContext, field: Field): Promise<ReaderOutcome> {
  // Sent as chosen: the API refuses any other number with its own message.
  const option = Number(field("option")) as CastVoteInput["option"];
  const answer = await callApi(context, pollsApi.vote, { params: { id: field("pollId") }, body: { option } });
  const result: ReaderActionResult = answer.ok
    ? { intent: "vote", ok: true, message: "Thanks for voting!", poll: answer.data }
    : { intent: "vote", ok: false, message: errorMessage(answer) };
  return { result, status: answer.status };
}

/** Each intent's pass-through to the API. */
export const READER_INTENTS: Record<ReaderIntent, (context: AppLoadContext, field: Field) => Promise<ReaderOutcome>> = {
  like: (context, field) => like(context, field, true),
  unlike: (context, field) => like(context, field, false),
  readLater,
  vote,
};
