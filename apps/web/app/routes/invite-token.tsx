import { invitationsApi, isStaff } from "@broadsheet/domain";
import { UserPlus } from "lucide-react";
import { redirect, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AuthLayout } from "../components/layout/auth-layout";
import { Button, CheckedForm, Field, type FieldProps } from "../components/ui";
import { checkInvitation } from "../lib/account/account-forms";
import { secretLinkMeta } from "../lib/account/secret-link-meta";
import { callApi, cookieHeaders } from "../lib/api.server";
import { failedCall, refuse } from "../lib/forms/answer.server";
import { useFormCheck } from "../lib/forms/use-form-check";
import { useResultToast } from "../lib/forms/use-result-toast";
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/invite-token";

export const meta: Route.MetaFunction = ({ matches }) =>
  secretLinkMeta(
    `Accept your invitation | ${siteNameIn(matches)}`,
    `Join the ${siteNameIn(matches)} team: choose your name and password.`,
  );

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const checked = checkInvitation(form);
  if (!checked.ok) return refuse(checked);
  const result = await callApi(context, invitationsApi.accept, {
    params: { token: params.token },
    body: checked.value,
  });
  if (!result.ok) return failedCall(result);
  // Signed in: staff go on to the admin (two-factor set-up first where the site requires it).
  throw redirect(isStaff(result.data.role) ? "/admin/home" : "/", { headers: cookieHeaders(result) });
}

const INVITATION_FIELDS: readonly FieldProps[] = [
  { id: "invite-name", ...ACCOUNT_FIELDS.name },
  { id: "invite-password", ...ACCOUNT_FIELDS.password },
  { id: "invite-password-confirm", ...ACCOUNT_FIELDS.confirmPassword },
];

export default function AcceptInvitation({ actionData, matches }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const form = useFormCheck(checkInvitation, actionData);
  useResultToast(actionData);
  return (
    <AuthLayout
      title="Accept your invitation"
      intro={`Choose the name readers will see and a password of at least 6 characters to join ${siteNameIn(matches)}. The link in your e-mail works once, for 7 days.`}
    >
      <CheckedForm check={form} errorId="invite-error" className="space-y-5">
        {INVITATION_FIELDS.map((field) => (
          <Field key={field.id} {...field} invalid={form.invalid(field.name)} />
        ))}
        <Button type="submit" busy={busy} icon={UserPlus} className="w-full">
          Create my account
        </Button>
      </CheckedForm>
    </AuthLayout>
  );
}
