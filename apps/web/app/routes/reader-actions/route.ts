import { safeRedirect } from "@broadsheet/domain";
import { data, redirect } from "react-router";
import { withRedirectTo } from "../../lib/account/safe-redirect";
import { formText } from "../../lib/forms/form-data";
import type { Route } from "./+types/route";
import { READER_INTENTS } from "./intents.server";

/*
 * POST /reader-actions: likes, Read Later and poll votes from the home page and the post page,
 * each a pass-through to the API (intents.server.ts). A fetcher (`enhanced=1`) gets the answer
 * to show and toast; a plain HTML post is sent back to the page it came from (`back`). Logged
 * out, or the session ran out: to log in, then back to that page.
 */

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => formText(form, name).trim();
  const intent = field("intent");
  const run = Object.hasOwn(READER_INTENTS, intent) ? READER_INTENTS[intent as keyof typeof READER_INTENTS] : undefined;
  if (!run) throw new Response("Unknown action", { status: 400 });

  const back = safeRedirect(field("back")) ?? "/";
  const { result, status } = await run(context, field);
  if (status === 401) throw redirect(withRedirectTo("/login", back.split("#")[0] || "/"));
  if (field("enhanced") !== "1") throw redirect(back);
  return data(result, result.ok ? 200 : status);
}
