import { usersApi } from "@broadsheet/domain";
import { CircleCheck, KeyRound } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button, ButtonLink, CheckedForm, Field, type FieldProps, FormMessage } from "../components/ui";
import { checkNewPassword } from "../lib/account/account-forms";
import { secretLinkMeta } from "../lib/account/secret-link-meta";
import { callApi, cookieHeaders } from "../lib/api.server";
import { apiMessage, failedCall, refuse, succeed } from "../lib/forms/answer.server";
import { useFormCheck } from "../lib/forms/use-form-check";
import { useResultToast } from "../lib/forms/use-result-toast";
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/reset-token";

export const meta: Route.MetaFunction = ({ matches }) =>
  secretLinkMeta(
    `Choose a new password | ${siteNameIn(matches)}`,
    `Choose a new password for your ${siteNameIn(matches)} account.`,
  );

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const checked = checkNewPassword(form);
  if (!checked.ok) return refuse(checked);
  const result = await callApi(context, usersApi.resetPassword, {
    params: { token: params.token },
    body: checked.value,
  });
  // A reset ends every session of the account, so the API's cleared cookie goes on too.
  const headers = cookieHeaders(result);
  if (!result.ok) return failedCall(result, {}, headers);
  return succeed({ message: apiMessage(result) }, { headers });
}

/** The new password, twice. */
const NEW_PASSWORD_FIELDS: readonly FieldProps[] = [
  { id: "new-password", ...ACCOUNT_FIELDS.password, label: "New Password" },
  { id: "new-password-confirm", ...ACCOUNT_FIELDS.confirmPassword },
];

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkNewPassword, actionData);
  useResultToast(actionData);

  if (actionData?.ok) {
    return (
      <AuthLayout title="Password changed" intro="Your account is ready for you.">
        <div role="status" className="space-y-6">
          <FormMessage kind="success">{actionData.message}</FormMessage>
          <ButtonLink to="/login" icon={CircleCheck} className="w-full">
            Go to Login
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

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
      <CheckedForm check={form} errorId="new-password-error" className="space-y-5">
        {NEW_PASSWORD_FIELDS.map((field) => (
          <Field key={field.id} {...field} invalid={form.invalid(field.name)} />
        ))}
        <Button type="submit" busy={busy} icon={KeyRound} className="w-full">
          Reset Password
        </Button>
      </CheckedForm>
    </AuthLayout>
  );
}
