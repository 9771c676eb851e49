import {
  categoriesApi,
  MESSAGES,
  type PostType,
  SUCCESS_MESSAGES,
  TAXONOMY_NAME_MAX_LENGTH,
  TypeInputSchema,
  typesApi,
} from "@broadsheet/domain";
import { Tag, Tags } from "lucide-react";
import { useRef } from "react";
import { data, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { DeleteAction } from "../../components/admin/delete-action";
import { IdempotencyKeyField } from "../../components/admin/editor-safety/idempotency-key-field";
import { Button, CheckedForm, type Column, DataTable, Field } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction, refuse } from "../../lib/forms/answer.server";
import { check } from "../../lib/forms/check";
import { formText, formTexts } from "../../lib/forms/form-data";
import { idempotencyHeaders } from "../../lib/forms/idempotency.server";
import { useFormCheck } from "../../lib/forms/use-form-check";
import { useResultToast } from "../../lib/forms/use-result-toast";
import type { Route } from "./+types/post-types";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Types");

export async function loader({ context }: Route.LoaderArgs) {
  const [types, categories] = await Promise.all([
    callApi(context, typesApi.list),
    callApi(context, categoriesApi.list),
  ]);
  if (!types.ok) throw data(errorMessage(types), { status: types.status });
  if (!categories.ok) throw data(errorMessage(categories), { status: categories.status });
  return { types: types.data, categories: categories.data };
}

const TYPE_FIELDS = ["name", "category"] as const;

function checkType(form: FormData) {
  return check(TypeInputSchema, formTexts(form, TYPE_FIELDS), MESSAGES.typeNameTooShort);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "delete") {
    const slug = formText(form, "slug");
    return apiAction(context, intent, typesApi.remove, { params: { slug } });
  }
  const values = formTexts(form, TYPE_FIELDS);
  const checked = checkType(form);
  if (!checked.ok) return refuse(checked, { intent: "create", values });
  return apiAction(
    context,
    "create",
    typesApi.create,
    { body: checked.value, ...idempotencyHeaders(form) },
    { success: SUCCESS_MESSAGES.typeCreated, values },
  );
}

const columns: Column<PostType>[] = [
  { header: "s/n", cell: (_, index) => index + 1, className: "w-16 text-gray-600" },
  { header: "Name", cell: (type) => <span className="font-medium">{type.name}</span> },
  {
    header: "Category",
    cell: (type) => (
      <span className="inline-block rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-700">
        {type.category}
      </span>
    ),
  },
  {
    header: "Action",
    hideHeader: true,
    className: "w-32 text-right",
    cell: (type) => (
      <DeleteAction
        question="Are you sure to delete?"
        detail={
          <>
            The type “{type.name}” of {type.category} will be removed.
          </>
        }
        label={`Delete type ${type.name}`}
        fields={{ intent: "delete", slug: type.slug }}
      />
    ),
  },
];

export default function TypesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { types, categories } = loaderData;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const form = useFormCheck(checkType, actionData);
  useResultToast(actionData, () => formRef.current?.reset());

  const kept = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <>
      <AdminPageHeader title="Types" description="Post types narrow a category down, e.g. Football within Sports." />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <AdminPanel id="new-type" title="New type" className="lg:sticky lg:top-20">
          <CheckedForm ref={formRef} check={form} errorId="type-error" className="space-y-4">
            <input type="hidden" name="intent" value="create" />
            <IdempotencyKeyField />
            <Field
              kind="text"
              id="type-name"
              name="name"
              label="Type name"
              autoComplete="off"
              maxLength={TAXONOMY_NAME_MAX_LENGTH}
              defaultValue={kept?.name ?? ""}
              invalid={form.invalid("name")}
            />
            <Field
              kind="select"
              id="type-category"
              name="category"
              label="Category"
              defaultValue={kept?.category ?? ""}
              invalid={form.invalid("category")}
              options={[
                { value: "", label: "Select category" },
                ...categories.map((category) => ({ value: category.name, label: category.name })),
              ]}
            />
            <Button type="submit" busy={busy} icon={Tag} className="w-full">
              Create Type
            </Button>
          </CheckedForm>
        </AdminPanel>
        <AdminPanel
          id="type-list"
          title="All types"
          description={`${types.length} ${types.length === 1 ? "type" : "types"}`}
        >
          <DataTable
            caption="Types"
            columns={columns}
            rows={types}
            rowKey={(type) => type._id}
            empty="No Type Found"
            emptyIcon={<Tags className="h-8 w-8 text-gray-400" />}
          />
        </AdminPanel>
      </div>
    </>
  );
}
