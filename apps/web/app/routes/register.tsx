import { usersApi } from "@broadsheet/domain";
import { UserPlus } from "lucide-react";
import { Link, useNavigate, useNavigation } from "react-router";
import { AuthLayout } from "../components/auth-layout";
import { CheckedForm, EmailField, NewPasswordFields, SubmitButton, TextField } from "../components/form-controls";
import { checkRegistration } from "../lib/account/account-forms";
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
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Register | ${siteNameIn(matches)}` },
  { name: "description", content: `Create a free ${siteNameIn(matches)} account.` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return authPageLoader(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTexts(form, ["name", "email"]);
  const checked = checkRegistration(form);
  if (!checked.ok) return refuse(checked, { values });

  const result = await callApi(context, usersApi.register, { body: checked.value });
  if (!result.ok) return failedCall(result, { values });
  return startSession(form, result, ACCOUNT_TOASTS.registerSuccess);
}

export const shouldRevalidate = skipRevalidationOnSuccess;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkRegistration, actionData);
  useResultToast(actionData, (done) => leaveAuthPage(navigate, done.redirectTo));
  const values = (actionData && !actionData.ok ? actionData.values : undefined) ?? { name: "", email: "" };

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
      <CheckedForm check={form} errorId="register-error" className="space-y-5" {...ENHANCED_FORM}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          id="register-name"
          name="name"
          label="Name"
          autoComplete="name"
          defaultValue={values.name}
          aria-invalid={form.invalid("name")}
        />
        <EmailField id="register-email" defaultValue={values.email} aria-invalid={form.invalid("email")} />
        <NewPasswordFields
          ids={{ password: "register-password", confirm: "register-confirm-password" }}
          label="Password"
          invalid={form.invalid}
        />
        <SubmitButton busy={busy} className="w-full">
          {busy ? null : <UserPlus aria-hidden="true" className="h-4 w-4" />}
          Register
        </SubmitButton>
      </CheckedForm>
    </AuthLayout>
  );
}
