import { TWO_FACTOR_MESSAGES, usersApi } from "@broadsheet/domain";
import { LogIn } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button, CheckedForm, Field } from "../components/ui";
import { checkLogin } from "../lib/account/account-forms";
import { ACCOUNT_TOASTS } from "../lib/account/account-messages";
import { authPageLoader, startSession } from "../lib/account/auth-page.server";
import { leaveAuthPage, skipRevalidationOnSuccess } from "../lib/account/leave-auth-page";
import { withRedirectTo } from "../lib/account/safe-redirect";
import { callApi } from "../lib/api.server";
import { ENHANCED_FORM } from "../lib/document/enhanced-forms";
import { failedCall, refuse } from "../lib/forms/answer.server";
import { formTexts } from "../lib/forms/form-data";
import { useFormCheck } from "../lib/forms/use-form-check";
import { useResultToast } from "../lib/forms/use-result-toast";
import { siteNameIn, useSiteName } from "../lib/site";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Login | ${siteNameIn(matches)}` },
  { name: "description", content: `Log in to your ${siteNameIn(matches)} account.` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return authPageLoader(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTexts(form, ["email"]);
  const checked = checkLogin(form);
  if (!checked.ok) return refuse(checked, { values });

  const result = await callApi(context, usersApi.login, { body: checked.value });
  if (!result.ok) return failedCall(result, { values });
  return startSession(form, result, ACCOUNT_TOASTS.loginSuccess);
}

export const shouldRevalidate = skipRevalidationOnSuccess;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const siteName = useSiteName();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkLogin, actionData);
  // Once the server asks for the authenticator code, the field stays for the next tries.
  const [askCode, setAskCode] = useState(false);
  const refusal = actionData && !actionData.ok ? actionData.message : undefined;
  const codeAsked = refusal === TWO_FACTOR_MESSAGES.codeRequired || refusal === TWO_FACTOR_MESSAGES.codeWrong;
  // Each refused code empties the field: a code typed after a wrong one must not be appended to it.
  const [codeTries, setCodeTries] = useState(0);
  useEffect(() => {
    if (!actionData || actionData.ok || !codeAsked) return;
    setAskCode(true);
    setCodeTries((tries) => tries + 1);
  }, [actionData, codeAsked]);
  useResultToast(actionData, (done) => leaveAuthPage(navigate, done.redirectTo));

  return (
    <AuthLayout
      title="Login"
      intro="Welcome back. Log in to keep reading where you left off."
      footer={
        <p>
          New to {siteName}?{" "}
          <Link to={withRedirectTo("/register", redirectTo)} className="font-semibold text-brand-600 hover:underline">
            Register
          </Link>
        </p>
      }
    >
      <CheckedForm check={form} errorId="login-error" className="space-y-5" {...ENHANCED_FORM}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          id="login-email"
          {...ACCOUNT_FIELDS.email}
          defaultValue={actionData && !actionData.ok ? actionData.values?.email : ""}
          invalid={form.invalid("email")}
        />
        <div>
          <Field
            id="login-password"
            {...ACCOUNT_FIELDS.password}
            autoComplete="current-password"
            invalid={form.invalid("password")}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/reset" className="font-semibold text-brand-600 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        {askCode || codeAsked ? (
          <Field
            key={codeTries}
            kind="text"
            id="login-code"
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          />
        ) : null}
        <Button type="submit" busy={busy} icon={LogIn} className="w-full">
          Login
        </Button>
      </CheckedForm>
    </AuthLayout>
  );
}
