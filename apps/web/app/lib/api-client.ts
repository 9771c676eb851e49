import {
  type AnswerOf,
  type BodyOf,
  type EndpointDeclaration,
  endpointUrl,
  type HasForm,
  type MessageAnswer,
  type ParamsOf,
  type QueryOf,
} from "@broadsheet/domain";

/*
 * The web's API client: every call names an endpoint declaration of packages/domain, which
 * gives the URL, the method and the types of its inputs and answer. The same declaration
 * is the server's route, so a call the API would not accept does not type-check.
 */

/** A call's outcome: the declared answer when it succeeded, `{ message }` when it did not. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; setCookies: string[] }
  | { ok: false; status: number; data: Partial<MessageAnswer>; setCookies: string[] };

/** Sends one request: `context.api` in loaders and actions, `fetch` in the browser. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

type Field<Name extends string, T> = T extends undefined ? { [K in Name]?: never } : { [K in Name]: T };

/** What a call of `E` must carry: its path parameters, query, JSON body or multipart form. */
export type CallInput<E extends EndpointDeclaration> = Field<"params", ParamsOf<E>> &
  Partial<Field<"query", QueryOf<E>>> & {
    /** Request headers of the call's own (an Idempotency-Key, an If-Match). */
    headers?: Record<string, string>;
  } & (HasForm<E> extends true
    ? { body: BodyOf<E>; form?: never } | { form: FormData; body?: never }
    : Field<"body", BodyOf<E>>);

export type InputArgs<E extends EndpointDeclaration> =
  ParamsOf<E> extends undefined
    ? BodyOf<E> extends undefined
      ? [input?: CallInput<E>]
      : [input: CallInput<E>]
    : [input: CallInput<E>];

function requestOf(endpoint: EndpointDeclaration, input: Record<string, unknown>): { url: string; init: RequestInit } {
  const url = endpointUrl(
    endpoint,
    input.params as Record<string, string> | undefined,
    input.query as Record<string, string | number | boolean | undefined> | undefined,
  );
  const init: RequestInit = { method: endpoint.method.toUpperCase() };
  if (input.form instanceof FormData) init.body = input.form;
  else if (input.body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(input.body);
  }
  if (input.headers) init.headers = { ...(init.headers as Record<string, string>), ...input.headers };
  return { url, init };
}

/** Calls `endpoint` through `transport`; the answer is typed by the declaration. */
export async function requestEndpoint<E extends EndpointDeclaration>(
  transport: ApiTransport,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<ApiResult<AnswerOf<E>>> {
  const { url, init } = requestOf(endpoint, (input ?? {}) as Record<string, unknown>);
  const response = await transport(url, init);
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.includes("json");
  const data = text && isJson ? JSON.parse(text) : {};
  const setCookies = response.headers.getSetCookie();
  if (response.ok) return { ok: true, status: response.status, data: data as AnswerOf<E>, setCookies };
  return { ok: false, status: response.status, data: data as Partial<MessageAnswer>, setCookies };
}

/** From the browser (fetchers, uploads): same origin, with the session cookie. */
export function fetchEndpoint<E extends EndpointDeclaration>(
  endpoint: E,
  ...input: InputArgs<E>
): Promise<ApiResult<AnswerOf<E>>> {
  return requestEndpoint((path, init) => fetch(path, { ...init, credentials: "same-origin" }), endpoint, ...input);
}

/** The message of a failed call, as docs/product.md#8-validation-and-messages says to show it. */
export function errorMessage(result: { data: unknown }): string {
  const data = result.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" ? data.message : "Something went wrong. Please try again.";
}
