import { usersApi } from "@broadsheet/domain";
import { UserPlus } from "lucide-react";
import { Link, useNavigate, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button, CheckedForm, Field, type FieldProps } from "../components/ui";
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

/** The form's fields, in order (the password twice). */
const REGISTER_FIELDS: readonly FieldProps[] = [
  { id: "register-name", ...ACCOUNT_FIELDS.name },
  { id: "register-email", ...ACCOUNT_FIELDS.email },
  { id: "register-password", ...ACCOUNT_FIELDS.password },
  { id: "register-confirm-password", ...ACCOUNT_FIELDS.confirmPassword },
];

export const shouldRevalidate = skipRevalidationOnSuccess;

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkRegistration, actionData);
  useResultToast(actionData, (done) => leaveAuthPage(navigate, done.redirectTo));
  const values: Record<string, string> = (actionData && !actionData.ok ? actionData.values : undefined) ?? {};

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
        {REGISTER_FIELDS.map((field) => (
          <Field key={field.id} {...field} defaultValue={values[field.name]} invalid={form.invalid(field.name)} />
        ))}
        <Button type="submit" busy={busy} icon={UserPlus} className="w-full">
          Register
        </Button>
      </CheckedForm>
    </AuthLayout>
  );
}
