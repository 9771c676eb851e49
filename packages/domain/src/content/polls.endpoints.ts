import { PollSchema, pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { pageQuerySchema, uuidParams } from "../api/query.schemas";
import { CastVoteInputSchema, POLL_PAGE_SIZE, PollInputSchema } from "./polls.schemas";

/** /api/votes: polls (docs/product.md#7-api "Votes"). Anyone reads them, staff manage them, readers vote once. */

const PollIdParams = uuidParams("poll");

export const pollsApi = {
  create: endpoint({
    method: "post",
    path: "/api/votes",
    tag: "Polls",
    summary: "Create a poll",
    access: "staff",
    body: PollInputSchema,
    status: 201,
    response: PollSchema,
    responseDescription: "The new poll",
    errors: [400],
  }),
  list: endpoint({
    method: "get",
    path: "/api/votes",
    tag: "Polls",
    summary: "List polls, newest first",
    access: "optional",
    query: pageQuerySchema(POLL_PAGE_SIZE),
    response: pageSchema(PollSchema),
    responseDescription: "A page of polls",
  }),
  vote: endpoint({
    method: "put",
    path: "/api/votes/vote/{id}",
    tag: "Polls",
    summary: "Vote in a poll",
    description: "One vote per reader.",
    access: "user",
    params: PollIdParams,
    body: CastVoteInputSchema,
    response: PollSchema,
    responseDescription: "The poll with its tally",
    errors: [400, 404, 409],
  }),
  get: endpoint({
    method: "get",
    path: "/api/votes/{id}",
    tag: "Polls",
    summary: "One poll with its tally",
    access: "optional",
    params: PollIdParams,
    response: PollSchema,
    responseDescription: "The poll",
    errors: [404],
  }),
  update: endpoint({
    method: "patch",
    path: "/api/votes/{id}",
    tag: "Polls",
    summary: "Update a poll",
    access: "staff",
    params: PollIdParams,
    body: PollInputSchema,
    response: PollSchema,
    responseDescription: "The updated poll",
    errors: [400, 404],
  }),
  remove: endpoint({
    method: "delete",
    path: "/api/votes/{id}",
    tag: "Polls",
    summary: "Delete a poll",
    access: "staff",
    params: PollIdParams,
    response: MessageSchema,
    responseDescription: "Vote deleted successfully",
    errors: [404],
  }),
};
