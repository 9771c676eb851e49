import { CircleCheck, KeyRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { FormMessage, PasswordField, primaryButtonClass, SubmitButton } from "../components/form-controls";
import { useToast } from "../components/toaster";
import { checkNewPassword } from "../lib/account-forms";
import { callApi, cookieHeaders, errorMessage } from "../lib/api.server";
import type { Route } from "./+types/reset-token";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Broadsheet" },
  { name: "robots", content: "noindex" },
  // The token is a secret: keep it out of Referer headers of anything this page loads.
  { name: "referrer", content: "no-referrer" },
];

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const checked = checkNewPassword(form);
  if (!checked.ok) return data({ ok: false as const, message: checked.message }, { status: 400 });
  const result = await callApi(context, `/api/users/resetPassword/${encodeURIComponent(params.token)}`, {
    method: "PATCH",
    json: checked.value,
  });
  // A reset ends every session of the account, so the API's cleared cookie goes on too.
  return data(
    { ok: result.ok, message: errorMessage(result) },
    { status: result.status, headers: cookieHeaders(result) },
  );
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const busy = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(actionData.message);
    else toast.error(actionData.message);
  }, [actionData, toast]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkNewPassword(new FormData(event.currentTarget));
    if (checked.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(checked.message);
    toast.error(checked.message);
  }

  if (actionData?.ok) {
    return (
      <AuthLayout title="Password changed" intro="Your account is ready for you.">
        <div role="status" className="space-y-6">
          <FormMessage kind="success">{actionData.message}</FormMessage>
          <Link to="/login" className={`${primaryButtonClass} w-full`}>
            <CircleCheck aria-hidden="true" className="h-4 w-4" />
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const error = clientError ?? actionData?.message ?? null;
  const invalid = error ? true : undefined;
  return (
    <AuthLayout
      title="Choose a new password"
      intro="Pick a password of at least 6 characters. The link in your e-mail works once, for one hour."
      footer={
        <p>
          Link expired?{" "}
          <Link to="/reset" className="font-semibold text-brand-600 hover:underline">
            Request a new one
          </Link>
        </p>
      }
    >
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={error ? "new-password-error" : undefined}
      >
        {error ? (
          <FormMessage id="new-password-error" kind="error">
            {error}
          </FormMessage>
        ) : null}
        <PasswordField
          id="new-password"
          name="password"
          label="New Password"
          autoComplete="new-password"
          aria-invalid={invalid}
        />
        <PasswordField
          id="new-password-confirm"
          name="confirmPassword"
          label="Confirm Password"
          toggleNoun="confirm password"
          autoComplete="new-password"
          aria-invalid={invalid}
        />
        <SubmitButton busy={busy} className="w-full">
          {busy ? null : <KeyRound aria-hidden="true" className="h-4 w-4" />}
          Reset Password
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
