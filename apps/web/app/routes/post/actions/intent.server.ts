import type { AppLoadContext } from "react-router";
import type { ApiResult } from "../../../lib/api.server";
import type { Refusal } from "../../../lib/forms/action-result";
import type { Route } from "../+types/route";

/** What the page's action hands the intent a form asked for. */
export interface PostIntentArgs {
  context: AppLoadContext;
  params: Route.ActionArgs["params"];
  /** The post's slug: the `id` of its API paths. */
  id: string;
  form: FormData;
  /** A text field of the form ("" when missing). */
  field: (name: string) => string;
}

/**
 * One form of the post page: it calls the API, or refuses the form before any call. The
 * action turns either into the page's ActionResult (a 401 sends the reader to log in).
 */
export type PostIntent = (args: PostIntentArgs) => Promise<ApiResult<unknown> | Refusal>;
