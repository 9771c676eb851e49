import { UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunction, useNavigate, useNavigation } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { FormMessage, PasswordField, SubmitButton, TextField } from "../components/form-controls";
import { useToast } from "../components/toaster";
import { checkRegistration, formText } from "../lib/account-forms";
import { ACCOUNT_TOASTS } from "../lib/account-messages";
import { callApi, cookieHeaders, errorMessage } from "../lib/api.server";
import { leaveAuthPage } from "../lib/leave-auth-page";
import { safeRedirect, withRedirectTo } from "../lib/safe-redirect";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  { title: "Register | Broadsheet" },
  { name: "description", content: "Create a free Broadsheet account." },
  { name: "robots", content: "noindex" },
];

// Register is for logged-out visitors (SPEC.md §6).
export async function loader({ context, request }: Route.LoaderArgs) {
  const status = await callApi<boolean>(context, "/api/users/getLoginStatus");
  if (status.ok && status.data === true) throw redirect("/");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { name: formText(form, "name"), email: formText(form, "email") };
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const checked = checkRegistration(form);
  if (!checked.ok) return data({ ok: false as const, error: checked.message, values }, { status: 400 });

  const result = await callApi(context, "/api/users/register", { method: "POST", json: checked.value });
  if (!result.ok) return data({ ok: false as const, error: errorMessage(result), values }, { status: result.status });
  // Registration logs the reader in: the API's session cookie goes on to the browser.
  if (form.get("enhanced") === "1") return data({ ok: true as const, redirectTo }, { headers: cookieHeaders(result) });
  throw redirect(redirectTo ?? "/", { headers: cookieHeaders(result) });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const toast = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = actionData && !actionData.ok ? actionData.error : null;
  const error = clientError ?? serverError;
  const values = actionData && !actionData.ok ? actionData.values : { name: "", email: "" };

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast.success(ACCOUNT_TOASTS.registerSuccess);
      leaveAuthPage(navigate, actionData.redirectTo);
    } else {
      toast.error(actionData.error);
    }
  }, [actionData, toast, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkRegistration(new FormData(event.currentTarget));
    if (checked.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(checked.message);
    toast.error(checked.message);
  }

  const invalid = error ? true : undefined;
  return (
    <AuthLayout
      title="Register"
      intro="Create your free account to save stories, comment and keep a profile."
      footer={
        <p>
          Already have an account?{" "}
          <Link to={withRedirectTo("/login", redirectTo)} className="font-semibold text-brand-600 hover:underline">
            Login
          </Link>
        </p>
      }
    >
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={error ? "register-error" : undefined}
      >
        {error ? (
          <FormMessage id="register-error" kind="error">
            {error}
          </FormMessage>
        ) : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <TextField
          id="register-name"
          name="name"
          label="Name"
          autoComplete="name"
          defaultValue={values.name}
          aria-invalid={invalid}
        />
        <TextField
          id="register-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          defaultValue={values.email}
          aria-invalid={invalid}
          className="lowercase"
        />
        <PasswordField
          id="register-password"
          name="password"
          label="Password"
          autoComplete="new-password"
          aria-invalid={invalid}
        />
        <PasswordField
          id="register-confirm-password"
          name="confirmPassword"
          label="Confirm Password"
          toggleNoun="confirm password"
          autoComplete="new-password"
          aria-invalid={invalid}
        />
        <SubmitButton busy={busy} className="w-full">
          {busy ? null : <UserPlus aria-hidden="true" className="h-4 w-4" />}
          Register
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
