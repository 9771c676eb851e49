import { POLL_MESSAGES, POLL_TEXT_MAX_LENGTH, PollInputSchema, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ListChecks, Vote } from "lucide-react";
import { type FormEvent, useState } from "react";
import { data, Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { useResultToast } from "../../components/admin/use-result-toast";
import { FormMessage, SubmitButton, TextField } from "../../components/form-controls";
import { useToast } from "../../components/toaster";
import { type AdminActionResult, field, firstIssue } from "../../lib/admin-action";
import { refuse } from "../../lib/admin-action.server";
import { adminMeta } from "../../lib/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/add-vote";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Add Vote");

const FIELDS = [
  { name: "title", label: "Title", placeholder: "Which season do you like best?" },
  { name: "optionOne", label: "Option one", placeholder: "Spring" },
  { name: "optionTwo", label: "Option two", placeholder: "Summer" },
  { name: "optionThree", label: "Option three", placeholder: "Autumn" },
] as const;

function pollValues(form: FormData) {
  return Object.fromEntries(FIELDS.map(({ name }) => [name, field(form, name)])) as Record<
    (typeof FIELDS)[number]["name"],
    string
  >;
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = pollValues(await request.formData());
  const parsed = PollInputSchema.safeParse(values);
  if (!parsed.success) return refuse("create", firstIssue(parsed.error, POLL_MESSAGES.fieldsRequired), values);
  const result = await callApi<{ message?: unknown }>(context, "/api/votes", { method: "POST", json: parsed.data });
  if (!result.ok) {
    return data<AdminActionResult>(
      { intent: "create", ok: false, message: errorMessage(result), values },
      { status: result.status },
    );
  }
  // SPEC.md §4: a create answer carrying a message is an error.
  if (typeof result.data?.message === "string") {
    return data<AdminActionResult>({ intent: "create", ok: false, message: result.data.message, values }, 400);
  }
  return data<AdminActionResult>({ intent: "create", ok: true, message: SUCCESS_MESSAGES.voteCreated });
}

export default function AddVoteScreen() {
  const actionData = useActionData<typeof action>() as AdminActionResult | undefined;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting";

  // SPEC.md §4: a created vote goes to all-votes.
  useResultToast(actionData, () => navigate("/admin/all-votes"));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = PollInputSchema.safeParse(pollValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    const message = firstIssue(parsed.error, POLL_MESSAGES.fieldsRequired);
    setClientError(message);
    toast.error(message);
  }

  const kept = actionData && !actionData.ok ? actionData.values : undefined;
  const error = clientError ?? (actionData && !actionData.ok ? actionData.message : null);

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
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="space-y-5"
          aria-describedby={error ? "vote-error" : undefined}
        >
          {error ? (
            <FormMessage id="vote-error" kind="error">
              {error}
            </FormMessage>
          ) : null}
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
              />
            </div>
          ))}
          <div className="flex justify-end">
            <SubmitButton busy={busy}>
              {busy ? null : <Vote aria-hidden="true" className="h-4 w-4" />}
              Create Vote
            </SubmitButton>
          </div>
        </Form>
      </AdminPanel>
    </>
  );
}
