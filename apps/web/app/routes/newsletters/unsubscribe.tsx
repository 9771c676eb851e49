import { SUBSCRIBER_MESSAGES, subscribersApi } from "@broadsheet/domain";
import { MailX } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Button, FormMessage } from "../../components/ui";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiMessage } from "../../lib/forms/answer.server";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/unsubscribe";
import { NewsletterPage, newsletterPageHeaders, newsletterPageMeta } from "./newsletter-page";

/*
 * /newsletters/unsubscribe/{token}[?send={id}], every newsletter mail's List-Unsubscribe link:
 * a GET shows one button; its POST leaves every newsletter. A mail client's one-click POST
 * (`List-Unsubscribe=One-Click`, RFC 8058) never gets here: the server answers it itself
 * (apps/server/src/http/routes/newsletters/subscribers.routes.ts).
 */

export const headers = newsletterPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => newsletterPageMeta("Unsubscribe", siteNameIn(matches));

export async function action({ context, params, request }: Route.ActionArgs) {
  const send = new URL(request.url).searchParams.get("send") ?? "";
  const result = await callApi(context, subscribersApi.unsubscribe, {
    params: { token: params.token },
    query: { send },
  });
  return data(
    {
      ok: result.ok,
      message: result.ok ? (apiMessage(result) ?? SUBSCRIBER_MESSAGES.unsubscribed) : errorMessage(result),
    },
    result.ok ? 200 : result.status,
  );
}

export default function UnsubscribePage({ actionData, params }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <NewsletterPage title="You are unsubscribed">
        <div role="status">
          <FormMessage kind="success">{actionData.message}</FormMessage>
        </div>
        <p>
          Changed your mind?{" "}
          <a href={`/newsletters/manage/${encodeURIComponent(params.token)}`} className="font-semibold underline">
            Choose your newsletters again
          </a>
          .
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title="Unsubscribe">
      {actionData ? <FormMessage kind="error">{actionData.message}</FormMessage> : null}
      <p>Press the button to stop getting every newsletter from us at this address.</p>
      <Form method="post">
        <Button type="submit" variant="danger" icon={MailX} busy={busy}>
          Unsubscribe
        </Button>
      </Form>
    </NewsletterPage>
  );
}
