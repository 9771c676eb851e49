import { type AppLoadContext, data } from "react-router";
import type { AdminActionResult } from "./admin-action";
import { callApi, errorMessage } from "./api.server";

/**
 * Runs one API call for an admin action and answers an AdminActionResult with the API's
 * status: the server's message on failure, `success` (or the API's own message) otherwise.
 */
export async function apiAction(
  context: AppLoadContext,
  intent: string,
  path: string,
  init: { method: string; json?: unknown },
  options: { success?: string; values?: Record<string, string> } = {},
) {
  const result = await callApi<{ message?: unknown }>(context, path, init);
  if (!result.ok) {
    return data<AdminActionResult>(
      { intent, ok: false, message: errorMessage(result), values: options.values },
      { status: result.status },
    );
  }
  const apiMessage = typeof result.data?.message === "string" ? result.data.message : undefined;
  return data<AdminActionResult>({ intent, ok: true, message: options.success ?? apiMessage ?? "Done" });
}

/** A refusal before any call (the browser checks the same, this is for readers without JavaScript). */
export function refuse(intent: string, message: string, values?: Record<string, string>) {
  return data<AdminActionResult>({ intent, ok: false, message, values }, { status: 400 });
}
