import { NEWSLETTER_TOKEN_PATTERN, SUBSCRIBER_MESSAGES, subscribersApi } from "@broadsheet/domain";
import { MailX, Save } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { NewsletterCheckboxes } from "../../components/newsletters/newsletter-choices";
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

const savedChoices = (managed: { status: string; newsletters: { slug: string; subscribed: boolean }[] }) =>
  `${managed.status}:${managed.newsletters.map((item) => (item.subscribed ? item.slug : "")).join(",")}`;

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
      {/* Keyed by what is saved: after a save the boxes show the saved choices, not the ones clicked. */}
      <Form method="post" className="space-y-5" key={savedChoices(managed)}>
        <fieldset>
          <legend className="font-semibold text-gray-800">Send me</legend>
          <div className="mt-3">
            <NewsletterCheckboxes newsletters={managed.newsletters} />
          </div>
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
