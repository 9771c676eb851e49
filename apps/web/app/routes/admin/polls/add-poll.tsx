import { POLL_MESSAGES, POLL_TEXT_MAX_LENGTH, PollInputSchema, pollsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ListChecks, Vote } from "lucide-react";
import { Link, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../../components/admin/admin-page-header";
import { IdempotencyKeyField } from "../../../components/admin/editor-safety/idempotency-key-field";
import { Button, ButtonLink, CheckedForm, Field, FormMessage } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { callApi } from "../../../lib/api.server";
import { useHydrated } from "../../../lib/document/use-hydrated";
import { answerSave, refuse } from "../../../lib/forms/answer.server";
import { check } from "../../../lib/forms/check";
import { formTexts } from "../../../lib/forms/form-data";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import { useFormCheck } from "../../../lib/forms/use-form-check";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import type { Route } from "./+types/add-poll";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Add Vote");

const FIELDS = [
  { name: "title", label: "Title", placeholder: "Which season do you like best?" },
  { name: "optionOne", label: "Option one", placeholder: "Spring" },
  { name: "optionTwo", label: "Option two", placeholder: "Summer" },
  { name: "optionThree", label: "Option three", placeholder: "Autumn" },
] as const;

const FIELD_NAMES = FIELDS.map(({ name }) => name);

function checkPoll(form: FormData) {
  return check(PollInputSchema, formTexts(form, FIELD_NAMES), POLL_MESSAGES.fieldsRequired);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formTexts(form, FIELD_NAMES);
  const checked = checkPoll(form);
  if (!checked.ok) return refuse(checked, { intent: "create", values });
  const result = await callApi(context, pollsApi.create, { body: checked.value, ...idempotencyHeaders(form) });
  return answerSave(result, { intent: "create", success: SUCCESS_MESSAGES.voteCreated, values });
}

export default function AddPollScreen({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const form = useFormCheck(checkPoll, actionData);
  // docs/product.md#10-flows-and-states: a created vote goes to all-votes.
  useResultToast(actionData, () => navigate("/admin/all-votes"));

  const kept = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <>
      <AdminPageHeader
        title="Add Vote"
        description="A poll with three answers; readers vote once each."
        actions={
          <ButtonLink to="/admin/all-votes" variant="outline" size="md" icon={ListChecks}>
            All Votes
          </ButtonLink>
        }
      />
      <AdminPanel id="new-vote" title="New poll" className="max-w-2xl">
        <CheckedForm check={form} errorId="vote-error" className="space-y-5">
          <IdempotencyKeyField />
          {actionData?.ok && !hydrated ? (
            <FormMessage kind="success">
              {actionData.message}.{" "}
              <Link to="/admin/all-votes" className="font-semibold underline">
                See all votes
              </Link>
            </FormMessage>
          ) : null}
          {FIELDS.map(({ name, label, placeholder }, index) => (
            <div key={name} className={index === 0 ? "border-b border-gray-200 pb-5" : undefined}>
              <Field
                kind="text"
                id={`vote-${name}`}
                name={name}
                label={label}
                placeholder={`e.g. ${placeholder}`}
                autoComplete="off"
                required
                maxLength={POLL_TEXT_MAX_LENGTH}
                defaultValue={kept?.[name] ?? ""}
                invalid={form.invalid(name)}
              />
            </div>
          ))}
          <div className="flex justify-end">
            <Button type="submit" busy={busy} icon={Vote}>
              Create Vote
            </Button>
          </div>
        </CheckedForm>
      </AdminPanel>
    </>
  );
}
