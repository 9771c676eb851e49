import type { AnswerOf, EndpointDeclaration } from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import { type ApiResult, type InputArgs, requestEndpoint } from "./api-client";

export { type ApiResult, errorMessage } from "./api-client";

/**
 * Calls an endpoint of the REST API in-process (context.api): every loader and action
 * reaches data this way, so the API stays the one contract, and the endpoint's
 * declaration types the inputs and the answer.
 */
export function callApi<E extends EndpointDeclaration>(
  context: AppLoadContext,
  endpoint: E,
  ...input: InputArgs<E>
): Promise<ApiResult<AnswerOf<E>>> {
  return requestEndpoint(context.api, endpoint, ...input);
}

/** Headers carrying the API's cookies to the browser. */
export function cookieHeaders(result: { setCookies: string[] }): Headers {
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
