import { LogIn } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunction, useNavigate, useNavigation } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { FormMessage, PasswordField, SubmitButton, TextField } from "../components/form-controls";
import { useToast } from "../components/toaster";
import { checkLogin, formText } from "../lib/account-forms";
import { ACCOUNT_TOASTS } from "../lib/account-messages";
import { callApi, cookieHeaders, errorMessage } from "../lib/api.server";
import { leaveAuthPage } from "../lib/leave-auth-page";
import { safeRedirect, withRedirectTo } from "../lib/safe-redirect";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Login | Broadsheet" },
  { name: "description", content: "Log in to your Broadsheet account." },
  { name: "robots", content: "noindex" },
];

// Login is for logged-out visitors (SPEC.md §6).
export async function loader({ context, request }: Route.LoaderArgs) {
  const status = await callApi<boolean>(context, "/api/users/getLoginStatus");
  if (status.ok && status.data === true) throw redirect("/");
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, "email") };
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const checked = checkLogin(form);
  if (!checked.ok) return data({ ok: false as const, error: checked.message, values }, { status: 400 });

  const result = await callApi(context, "/api/users/login", { method: "POST", json: checked.value });
  if (!result.ok) return data({ ok: false as const, error: errorMessage(result), values }, { status: result.status });
  // With JavaScript the page toasts and goes back itself; without it, the server redirects.
  if (form.get("enhanced") === "1") return data({ ok: true as const, redirectTo }, { headers: cookieHeaders(result) });
  throw redirect(redirectTo ?? "/", { headers: cookieHeaders(result) });
}

// After a successful login this page is left at once; its loader would only bounce to "/".
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const toast = useToast();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = actionData && !actionData.ok ? actionData.error : null;
  const error = clientError ?? serverError;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast.success(ACCOUNT_TOASTS.loginSuccess);
      leaveAuthPage(navigate, actionData.redirectTo);
    } else {
      toast.error(actionData.error);
    }
  }, [actionData, toast, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkLogin(new FormData(event.currentTarget));
    if (checked.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(checked.message);
    toast.error(checked.message);
  }

  return (
    <AuthLayout
      title="Login"
      intro="Welcome back. Log in to keep reading where you left off."
      footer={
        <p>
          New to Broadsheet?{" "}
          <Link to={withRedirectTo("/register", redirectTo)} className="font-semibold text-brand-600 hover:underline">
            Register
          </Link>
        </p>
      }
    >
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-describedby={error ? "login-error" : undefined}
      >
        {error ? (
          <FormMessage id="login-error" kind="error">
            {error}
          </FormMessage>
        ) : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <TextField
          id="login-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          defaultValue={actionData && !actionData.ok ? actionData.values.email : ""}
          aria-invalid={error ? true : undefined}
          className="lowercase"
        />
        <div>
          <PasswordField
            id="login-password"
            name="password"
            label="Password"
            autoComplete="current-password"
            aria-invalid={error ? true : undefined}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/reset" className="font-semibold text-brand-600 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <SubmitButton busy={busy} className="w-full">
          {busy ? null : <LogIn aria-hidden="true" className="h-4 w-4" />}
          Login
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
