import { POLL_MESSAGES, POLL_TEXT_MAX_LENGTH, PollInputSchema, pollsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ListChecks, Vote } from "lucide-react";
import { Link, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { CheckedForm, FormMessage, SubmitButton, TextField } from "../../components/form-controls";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi } from "../../lib/api.server";
import { useHydrated } from "../../lib/document/use-hydrated";
import { answerSave, refuse } from "../../lib/forms/answer.server";
import { check } from "../../lib/forms/check";
import { formTexts } from "../../lib/forms/form-data";
import { useFormCheck } from "../../lib/forms/use-form-check";
import { useResultToast } from "../../lib/forms/use-result-toast";
import type { Route } from "./+types/add-vote";

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
  const result = await callApi(context, pollsApi.create, { body: checked.value });
  return answerSave(result, { intent: "create", success: SUCCESS_MESSAGES.voteCreated, values });
}

export default function AddVoteScreen({ actionData }: Route.ComponentProps) {
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
          <Link
            to="/admin/all-votes"
            className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
          >
            <ListChecks aria-hidden="true" className="h-4 w-4" />
            All Votes
          </Link>
        }
      />
      <AdminPanel id="new-vote" title="New poll" className="max-w-2xl">
        <CheckedForm check={form} errorId="vote-error" className="space-y-5">
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
              <TextField
                id={`vote-${name}`}
                name={name}
                label={label}
                placeholder={`e.g. ${placeholder}`}
                autoComplete="off"
                required
                maxLength={POLL_TEXT_MAX_LENGTH}
                defaultValue={kept?.[name] ?? ""}
                aria-invalid={form.invalid(name)}
              />
            </div>
          ))}
          <div className="flex justify-end">
            <SubmitButton busy={busy}>
              {busy ? null : <Vote aria-hidden="true" className="h-4 w-4" />}
              Create Vote
            </SubmitButton>
          </div>
        </CheckedForm>
      </AdminPanel>
    </>
  );
}
