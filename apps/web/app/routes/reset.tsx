import { usersApi } from "@broadsheet/domain";
import { Mail } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button, CheckedForm, Field, FormMessage } from "../components/ui";
import { checkForgotPassword } from "../lib/account/account-forms";
import { callApi } from "../lib/api.server";
import { apiMessage, failedCall, refuse, succeed } from "../lib/forms/answer.server";
import { formTexts } from "../lib/forms/form-data";
import { useFormCheck } from "../lib/forms/use-form-check";
import { useResultToast } from "../lib/forms/use-result-toast";
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/reset";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Reset your password | ${siteNameIn(matches)}` },
  { name: "description", content: `Ask for a link to choose a new ${siteNameIn(matches)} password.` },
  { name: "robots", content: "noindex" },
];

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTexts(form, ["email"]);
  const checked = checkForgotPassword(form);
  if (!checked.ok) return refuse(checked, { values });
  const result = await callApi(context, usersApi.forgotPassword, { body: checked.value });
  if (!result.ok) return failedCall(result, { values });
  // The API answers the same whether or not the account exists (docs/product.md#11-security).
  return succeed({ message: apiMessage(result), values });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkForgotPassword, actionData);
  useResultToast(actionData);
  const sent = !form.error && actionData?.ok ? actionData.message : null;
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
      <CheckedForm check={form} errorId="reset-error" className="space-y-5">
        {sent ? (
          <div role="status">
            <FormMessage kind="success">{sent}</FormMessage>
          </div>
        ) : null}
        <Field
          id="reset-email"
          {...ACCOUNT_FIELDS.email}
          defaultValue={actionData?.values?.email ?? ""}
          invalid={form.invalid("email")}
          aria-describedby={form.error ? "reset-error" : undefined}
        />
        <Button type="submit" busy={busy} icon={Mail} className="w-full">
          Send reset link
        </Button>
      </CheckedForm>
    </AuthLayout>
  );
}
