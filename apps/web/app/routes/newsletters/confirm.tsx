import { SUBSCRIBER_MESSAGES, subscribersApi } from "@broadsheet/domain";
import { CircleCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Button, ButtonLink, FormMessage } from "../../components/ui";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiMessage } from "../../lib/forms/answer.server";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/confirm";
import { NewsletterPage, newsletterPageHeaders, newsletterPageMeta } from "./newsletter-page";

/*
 * /newsletters/confirm/{token}, the confirmation mail's link: a page with one button that
 * confirms (a POST). Opening the link confirms nothing, so a mail scanner that fetches every
 * link of a mail never subscribes anyone (decision 070).
 */

export const headers = newsletterPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  newsletterPageMeta("Confirm your subscription", siteNameIn(matches));

export async function action({ context, params }: Route.ActionArgs) {
  const result = await callApi(context, subscribersApi.confirm, { params: { token: params.token } });
  return data(
    {
      ok: result.ok,
      message: result.ok ? (apiMessage(result) ?? SUBSCRIBER_MESSAGES.confirmed) : errorMessage(result),
    },
    result.ok ? 200 : result.status,
  );
}

export default function ConfirmPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <NewsletterPage title="Subscription confirmed">
        <div role="status">
          <FormMessage kind="success">{actionData.message}</FormMessage>
        </div>
        <p>Every mail we send has a link to choose your newsletters or unsubscribe.</p>
        <ButtonLink to="/" icon={CircleCheck}>
          Read the latest stories
        </ButtonLink>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title="Confirm your subscription">
      {actionData ? <FormMessage kind="error">{actionData.message}</FormMessage> : null}
      <p>Press the button to start getting our newsletter at the address this link was sent to.</p>
      <Form method="post">
        <Button type="submit" icon={CircleCheck} busy={busy}>
          Confirm subscription
        </Button>
      </Form>
    </NewsletterPage>
  );
}
