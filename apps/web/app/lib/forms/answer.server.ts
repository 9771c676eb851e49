import { type EndpointDeclaration, MESSAGES } from "@broadsheet/domain";
import { type AppLoadContext, data } from "react-router";
import { type ApiResult, callApi, errorMessage } from "../api.server";
import type { CallInput, InputArgs } from "../api-client";
import type { ActionFailure, ActionSuccess, Refusal } from "./action-result";

/* Building an ActionResult in a route action, with the HTTP status the page answers with. */

export function succeed<Result extends Omit<ActionSuccess, "ok">>(result: Result, init?: number | ResponseInit) {
  return data({ ...result, ok: true as const }, init);
}

export function fail<Values = Record<string, string>>(
  result: Omit<ActionFailure<Values>, "ok">,
  init: number | ResponseInit = 400,
) {
  return data<ActionFailure<Values>>({ ...result, ok: false }, init);
}

/** A form its schema refused: the browser checks the same, this is for readers without JavaScript. */
export function refuse<Values = Record<string, string>>(
  refused: Refusal,
  result: Omit<ActionFailure<Values>, "ok" | "message" | "fieldErrors"> = {},
) {
  return fail<Values>({ ...result, message: refused.message, fieldErrors: refused.fieldErrors });
}

/** The `message` of an API answer, when it has one. */
export function apiMessage(result: ApiResult<unknown>): string | undefined {
  const body: unknown = result.data;
  return body && typeof body === "object" && "message" in body && typeof body.message === "string"
    ? body.message
    : undefined;
}

/** A failed API call as the screen shows it: the API's message, with its status. */
export function failedCall<Values = Record<string, string>>(
  result: ApiResult<unknown>,
  rest: Omit<ActionFailure<Values>, "ok" | "message"> = {},
  headers?: HeadersInit,
) {
  return fail<Values>({ ...rest, message: errorMessage(result) }, { status: result.status, headers });
}

/** An API answer as the screen shows it: failedCall() on failure, else `success` or the API's message. */
export function answer(
  result: ApiResult<unknown>,
  options: { intent?: string; success?: string; values?: Record<string, string> } = {},
) {
  const { intent, success, values } = options;
  if (!result.ok) return failedCall(result, { intent, values });
  return succeed({ intent, message: success ?? apiMessage(result) });
}

/** Runs one call of `endpoint` for an action and answers it; a silent success still says "Done". */
export async function apiAction<E extends EndpointDeclaration>(
  context: AppLoadContext,
  intent: string,
  endpoint: E,
  input: CallInput<E>,
  options: { success?: string; values?: Record<string, string> } = {},
) {
  const result = await callApi(context, endpoint, ...([input] as InputArgs<E>));
  return answer(result, { intent, values: options.values, success: options.success ?? apiMessage(result) ?? "Done" });
}

/** docs/product.md#errors: a create or update answer carrying a `message` is a refusal, even with 200. */
export function answerSave(
  result: ApiResult<unknown>,
  options: { intent: string; success: string; values?: Record<string, string> },
) {
  const { intent, success, values } = options;
  if (!result.ok) return failedCall(result, { intent, values });
  const body = result.data;
  const refused = apiMessage(result) ?? (body && typeof body === "object" ? null : MESSAGES.internalError);
  if (refused) return fail({ intent, message: refused, values });
  return succeed({ intent, message: success });
}
