import type { SubscribeForm } from "@broadsheet/domain";
import { Mail } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ENHANCED_FORM } from "../../lib/document/enhanced-forms";
import { useSessionUser } from "../../lib/session-user";
// The kit's own files, not its door: this form is in the shared reader chunk (components/ui/index.ts).
import { Button } from "../ui/button";
import { inputClass } from "../ui/input-class";

/** The resource route every sign-up form posts to (routes.ts). */
export const SUBSCRIBE_PATH = "/newsletters/subscribe";

/*
 * Pages where the footer has no sign-up form: the home and post pages show their own (one form
 * per page, one "Email address" field), and the account, admin and newsletter pages have
 * address fields or forms of their own.
 */
const NO_FOOTER_SIGNUP = /^\/(?:$|page\/|login$|register$|reset(?:$|\/)|profile$|admin(?:$|\/)|newsletters\/)/;

export const footerSignupShown = (pathname: string) => !NO_FOOTER_SIGNUP.test(pathname);

/** The answer of /newsletters/subscribe: the API's message, and (for a plain post) the page to go back to. */
export interface SubscribeResult {
  ok: boolean;
  message: string;
  back?: string;
}

/*
 * Whether the logged-in reader gets a newsletter already: asked once per page load and account,
 * only when a reader is logged in (the anonymous page carries nothing of any visitor).
 */
const subscribedByAccount = new Map<string, Promise<boolean>>();
function loadSubscribed(email: string): Promise<boolean> {
  let answer = subscribedByAccount.get(email);
  if (!answer) {
    answer = fetch("/api/newsletters/mine", { headers: { accept: "application/json" } })
      .then(async (response) =>
        response.ok
          ? ((await response.json()) as { newsletters: { subscribed: boolean }[] }).newsletters.some(
              (item) => item.subscribed,
            )
          : false,
      )
      .catch(() => false);
    subscribedByAccount.set(email, answer);
  }
  return answer;
}

/**
 * The newsletter sign-up (docs/product/subscribers.md): an address and "Subscribe". It posts to
 * /newsletters/subscribe, with a fetcher when scripts run (the answer shows in place) or as a
 * plain form (the answer is a page). A logged-in reader subscribes their own address in one
 * click, or is told they are subscribed.
 */
export function SignupForm({
  form,
  tone = "light",
  heading = "Get our stories by e-mail",
}: {
  /** Which form it is, recorded with the consent. */
  form: SubscribeForm;
  tone?: "light" | "dark";
  heading?: string;
}) {
  const fetcher = useFetcher<SubscribeResult>();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const id = useId();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!user?.email) return;
    let live = true;
    void loadSubscribed(user.email).then((answer) => {
      if (live) setSubscribed(answer);
    });
    return () => {
      live = false;
    };
  }, [user?.email]);

  const answer = fetcher.data;
  const dark = tone === "dark";
  const text = dark ? "text-gray-300" : "text-gray-700";
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={dark ? "text-sm" : "rounded-xl border border-gray-200 bg-gray-50 p-5"}
      data-signup-form={form}
    >
      <h2 id={headingId} className={dark ? "font-semibold text-white" : "font-serif text-xl font-bold text-ink"}>
        {heading}
      </h2>
      {user && subscribed && !answer ? (
        <p className={`mt-2 ${text}`}>
          You're subscribed.{" "}
          <Link to="/profile#newsletters" className="font-semibold underline">
            Choose your newsletters
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" action={SUBSCRIBE_PATH} {...ENHANCED_FORM} className="mt-3">
          <input type="hidden" name="form" value={form} />
          <input type="hidden" name="back" value={pathname} />
          {user ? (
            <p className={`mb-2 ${text}`}>
              <input type="hidden" name="email" value={user.email} />
              Subscribe <strong>{user.email}</strong> in one click.
            </p>
          ) : (
            <label
              htmlFor={`${id}-email`}
              className={`mb-1 block font-semibold ${dark ? "text-white" : "text-gray-800"}`}
            >
              Email address
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            {user ? null : (
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                placeholder="you@example.com"
                className={`${inputClass} min-w-0 flex-1 basis-48`}
              />
            )}
            <Button type="submit" icon={Mail} busy={fetcher.state !== "idle"} size="md">
              Subscribe
            </Button>
          </div>
          {answer ? (
            <p
              role={answer.ok ? "status" : "alert"}
              className={`mt-2 font-semibold ${answer.ok ? (dark ? "text-green-300" : "text-green-800") : dark ? "text-red-300" : "text-red-700"}`}
            >
              {answer.message}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </section>
  );
}
