import { NEWSLETTER_TOKEN_PATTERN, SUBSCRIBER_MESSAGES, subscribersApi } from "@broadsheet/domain";
import { MailX, Save } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Button, FormMessage } from "../../components/ui";
import { callApi, errorMessage } from "../../lib/api.server";
import { formList, formText } from "../../lib/forms/form-data";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/manage";
import { NewsletterPage, newsletterPageHeaders, newsletterPageMeta } from "./newsletter-page";

/*
 * /newsletters/manage/{token}, linked from every newsletter mail: anyone with the link chooses
 * the address's newsletters or leaves them all, without logging in.
 */

export const headers = newsletterPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => newsletterPageMeta("Your newsletters", siteNameIn(matches));

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!NEWSLETTER_TOKEN_PATTERN.test(params.token)) return data({ managed: null, problem: "" }, { status: 400 });
  const result = await callApi(context, subscribersApi.manage, { params: { token: params.token } });
  if (!result.ok) return data({ managed: null, problem: errorMessage(result) }, { status: result.status });
  return { managed: result.data, problem: "" };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (formText(form, "intent") === "unsubscribe") {
    const result = await callApi(context, subscribersApi.unsubscribe, {
      params: { token: params.token },
      query: { send: "" },
    });
    return data({ ok: result.ok, message: result.ok ? "" : errorMessage(result) }, result.ok ? 200 : result.status);
  }
  const result = await callApi(context, subscribersApi.updateManaged, {
    params: { token: params.token },
    body: { newsletters: formList(form, "newsletters") },
  });
  return data({ ok: result.ok, message: result.ok ? "" : errorMessage(result) }, result.ok ? 200 : result.status);
}

export default function ManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { managed, problem } = loaderData;
  if (!managed) {
    return (
      <NewsletterPage title="Your newsletters">
        <FormMessage kind="error">{problem || SUBSCRIBER_MESSAGES.linkInvalid}</FormMessage>
      </NewsletterPage>
    );
  }
  const leftAll = managed.status === "unsubscribed";
  return (
    <NewsletterPage title="Your newsletters">
      <p>
        Newsletters for <strong>{managed.email}</strong>
        {leftAll ? " (unsubscribed from all)" : ""}.
      </p>
      {actionData ? (
        <div role={actionData.ok ? "status" : "alert"}>
          <FormMessage kind={actionData.ok ? "success" : "error"}>
            {actionData.ok
              ? leftAll
                ? SUBSCRIBER_MESSAGES.unsubscribed
                : SUBSCRIBER_MESSAGES.preferencesSaved
              : actionData.message}
          </FormMessage>
        </div>
      ) : null}
      <Form method="post" className="space-y-5">
        <fieldset>
          <legend className="font-semibold text-gray-800">Send me</legend>
          <ul className="mt-3 space-y-3">
            {managed.newsletters.map((newsletter) => (
              <li key={newsletter.slug}>
                <label className="flex gap-3">
                  <input
                    type="checkbox"
                    name="newsletters"
                    value={newsletter.slug}
                    defaultChecked={newsletter.subscribed}
                    className="mt-1 h-4 w-4"
                  />
                  <span>
                    <span className="block font-semibold text-ink">{newsletter.name}</span>
                    {newsletter.description ? (
                      <span className="block text-sm text-gray-600">{newsletter.description}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" icon={Save} busy={busy}>
            Save
          </Button>
          <Button type="submit" name="intent" value="unsubscribe" variant="outline" icon={MailX}>
            Unsubscribe from all
          </Button>
        </div>
      </Form>
    </NewsletterPage>
  );
}
