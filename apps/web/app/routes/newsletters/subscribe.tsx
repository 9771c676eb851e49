import { SUBSCRIBE_FORMS, type SubscribeForm, safeRedirect, subscribersApi } from "@broadsheet/domain";
import { data, Link } from "react-router";
import { SignupForm } from "../../components/newsletters/signup-form";
import { FormMessage } from "../../components/ui";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiMessage } from "../../lib/forms/answer.server";
import { formText } from "../../lib/forms/form-data";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/subscribe";
import { NewsletterPage, newsletterPageHeaders, newsletterPageMeta } from "./newsletter-page";

/*
 * /newsletters/subscribe: where every sign-up form posts. A fetcher (`enhanced=1`) gets the
 * answer to show in place; a plain HTML post gets this page with the answer and a link back.
 * A GET shows the form on its own.
 */

export const headers = newsletterPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => newsletterPageMeta("Subscribe", siteNameIn(matches));

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const named = formText(form, "form");
  const result = await callApi(context, subscribersApi.subscribe, {
    body: {
      email: formText(form, "email"),
      form: (SUBSCRIBE_FORMS as readonly string[]).includes(named) ? (named as SubscribeForm) : "api",
    },
  });
  const back = safeRedirect(formText(form, "back")) ?? "/";
  // The fetcher shows the message in place; a plain post shows it on this page, with the way back.
  return data(
    { ok: result.ok, message: result.ok ? (apiMessage(result) ?? "") : errorMessage(result), back },
    result.ok ? 200 : result.status,
  );
}

export default function SubscribePage({ actionData }: Route.ComponentProps) {
  const result = actionData;
  return (
    <NewsletterPage title="Subscribe">
      {result ? (
        <>
          <FormMessage kind={result.ok ? "success" : "error"}>{result.message}</FormMessage>
          <p>
            <Link to={result.back} className="font-semibold text-brand-600 hover:underline">
              Back to where you were
            </Link>
          </p>
        </>
      ) : null}
      <SignupForm form="api" heading="Get our stories by e-mail" />
    </NewsletterPage>
  );
}
