import { usersApi } from "@broadsheet/domain";
import { type AppLoadContext, redirect } from "react-router";
import { type ApiResult, callApi, cookieHeaders } from "../api.server";
import { succeed } from "../forms/answer.server";
import { formText } from "../forms/form-data";
import { safeRedirect } from "./safe-redirect";

/** The loader of Login and Register, pages for logged-out visitors only (docs/product.md#2-roles-and-permissions). */
export async function authPageLoader(context: AppLoadContext, request: Request) {
  const status = await callApi(context, usersApi.loginStatus);
  if (status.ok && status.data === true) throw redirect("/");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

/**
 * A login or registration the API accepted: its session cookie goes on to the browser. With
 * JavaScript the page toasts `message` and goes back itself; without it, the server redirects.
 */
export function startSession(form: FormData, result: ApiResult<unknown>, message: string) {
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const headers = cookieHeaders(result);
  if (formText(form, "enhanced") === "1") return succeed({ message, redirectTo }, { headers });
  throw redirect(redirectTo ?? "/", { headers });
}
