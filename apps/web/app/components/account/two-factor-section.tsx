import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/*
 * Two-factor sign-in in the profile of editors and admins (issue 15): set up with a QR code
 * (or the secret typed in), proven with a code, recovery codes shown once; turned off with
 * the password and a code. The answers come from the profile route's action.
 */
export type TwoFactorResult = ActionResult<{ qrSvg?: string; secret?: string; recoveryCodes?: string[] }>;

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<TwoFactorResult>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data?.ok ? fetcher.data : undefined;
  // Kept through a refused code: a typo must not send the user back to scan a new QR code.
  const [setupAnswer, setSetupAnswer] = useState(answer?.qrSvg ? answer : undefined);
  if (answer?.qrSvg && answer !== setupAnswer) setSetupAnswer(answer);
  const setup = !enabled && !answer?.recoveryCodes ? setupAnswer : undefined;
  const recoveryCodes = answer?.recoveryCodes;

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs sm:p-8"
    >
      <h2 id="two-factor-heading" className="flex items-center gap-2 font-serif text-xl font-bold text-ink">
        <ShieldCheck aria-hidden="true" className="h-5 w-5" />
        Two-factor sign-in
      </h2>
      <p className="mt-2 text-sm text-gray-600">
        {enabled
          ? "On: signing in asks for a code from your authenticator app."
          : "Off: add an authenticator app so that a stolen password alone cannot open your account."}
      </p>

      {recoveryCodes ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h3 className="font-semibold text-ink">Your recovery codes</h3>
          <p className="mt-1 text-sm text-gray-700">
            Each one signs you in once without your app. Keep them somewhere safe: they are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {enabled ? (
        <fetcher.Form method="post" className="mt-4 space-y-3">
          <Field
            kind="password"
            toggle={false}
            id="two-factor-off-password"
            name="password"
            label="Password"
            autoComplete="current-password"
            hint="Your password and a code prove it is you."
          />
          <Field
            kind="text"
            id="two-factor-off-code"
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            hint="A current code from your app, or a recovery code."
          />
          <input type="hidden" name="intent" value="2fa-disable" />
          <Button type="submit" busy={busy}>
            Turn off two-factor sign-in
          </Button>
        </fetcher.Form>
      ) : setup ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the server drew from the otpauth URL (qrcode), no user text.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg ?? "" }}
          />
          <fetcher.Form method="post" className="space-y-3">
            <p className="text-sm text-gray-700">
              Scan the QR code with your authenticator app, or type in this key:{" "}
              <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 text-xs">{setup.secret}</code>
            </p>
            <input type="hidden" name="intent" value="2fa-enable" />
            <Field
              kind="text"
              id="two-factor-on-code"
              name="code"
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              hint="The 6-digit code the app shows now."
            />
            <Button type="submit" busy={busy}>
              Turn on two-factor sign-in
            </Button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="2fa-setup" />
          <Button type="submit" busy={busy}>
            Set up two-factor sign-in
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
