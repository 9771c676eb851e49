import { Mail } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { FormMessage, SubmitButton, TextField } from "../components/form-controls";
import { useToast } from "../components/toaster";
import { checkForgotPassword, formText } from "../lib/account-forms";
import { callApi, errorMessage } from "../lib/api.server";
import type { Route } from "./+types/reset";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | Broadsheet" },
  { name: "robots", content: "noindex" },
];

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = formText(form, "email");
  const checked = checkForgotPassword(form);
  if (!checked.ok) return data({ ok: false as const, message: checked.message, email }, { status: 400 });
  const result = await callApi(context, "/api/users/forgotPassword", { method: "POST", json: checked.value });
  // The API answers the same whether or not the account exists (DESIGN.md §8).
  return data({ ok: result.ok, message: errorMessage(result), email }, { status: result.status });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const busy = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(actionData.message);
    else toast.error(actionData.message);
  }, [actionData, toast]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkForgotPassword(new FormData(event.currentTarget));
    if (checked.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(checked.message);
    toast.error(checked.message);
  }

  const error = clientError ?? (actionData && !actionData.ok ? actionData.message : null);
  const sent = !clientError && actionData?.ok ? actionData.message : null;
  return (
    <AuthLayout
      title="Forgot password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className="font-semibold text-brand-600 hover:underline">
            Back to Login
          </Link>
        </p>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        {error ? (
          <FormMessage id="reset-error" kind="error">
            {error}
          </FormMessage>
        ) : null}
        {sent ? (
          <div role="status">
            <FormMessage kind="success">{sent}</FormMessage>
          </div>
        ) : null}
        <TextField
          id="reset-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          defaultValue={actionData?.email ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reset-error" : undefined}
          className="lowercase"
        />
        <SubmitButton busy={busy} className="w-full">
          {busy ? null : <Mail aria-hidden="true" className="h-4 w-4" />}
          Send reset link
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
