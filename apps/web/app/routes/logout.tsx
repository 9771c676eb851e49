import { usersApi } from "@broadsheet/domain";
import { redirect } from "react-router";
import { callApi, cookieHeaders } from "../lib/api.server";
import type { Route } from "./+types/logout";

// docs/product.md#top-bar: after logout the reader lands on /login.
export async function action({ context }: Route.ActionArgs) {
  const result = await callApi(context, usersApi.logoutForm);
  return redirect("/login", { headers: cookieHeaders(result) });
}

export async function loader() {
  return redirect("/");
}
