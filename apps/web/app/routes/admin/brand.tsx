import { MESSAGES, SUCCESS_MESSAGES, TAXONOMY_NAME_MAX_LENGTH, TypeInputSchema } from "@broadsheet/domain";
import { Tag, Tags } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { type Column, DataTable } from "../../components/admin/data-table";
import { DeleteAction } from "../../components/admin/delete-action";
import { useResultToast } from "../../components/admin/use-result-toast";
import { FormMessage, inputClass, SubmitButton, TextField } from "../../components/form-controls";
import { useToast } from "../../components/toaster";
import { type AdminActionResult, field, firstIssue } from "../../lib/admin-action";
import { apiAction, refuse } from "../../lib/admin-action.server";
import { adminMeta } from "../../lib/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import type { Route } from "./+types/brand";

interface Category {
  _id: string;
  name: string;
  slug: string;
}

interface PostType {
  _id: string;
  name: string;
  slug: string;
  category: string;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Types");

export async function loader({ context }: Route.LoaderArgs) {
  const [types, categories] = await Promise.all([
    callApi<PostType[]>(context, "/api/type/getTypes"),
    callApi<Category[]>(context, "/api/category/getCategories"),
  ]);
  if (!types.ok) throw data(errorMessage(types), { status: types.status });
  if (!categories.ok) throw data(errorMessage(categories), { status: categories.status });
  return { types: types.data, categories: categories.data };
}

function typeValues(form: FormData) {
  return { name: field(form, "name"), category: field(form, "category") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, "intent");
  if (intent === "delete") {
    const slug = field(form, "slug");
    return apiAction(context, intent, `/api/type/${encodeURIComponent(slug)}`, { method: "DELETE" });
  }
  const values = typeValues(form);
  const parsed = TypeInputSchema.safeParse(values);
  if (!parsed.success) return refuse("create", firstIssue(parsed.error, MESSAGES.typeNameTooShort), values);
  return apiAction(
    context,
    "create",
    "/api/type/createType",
    { method: "POST", json: parsed.data },
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

export default function TypesScreen({ loaderData }: Route.ComponentProps) {
  const { types, categories } = loaderData;
  const actionData = useActionData<typeof action>() as AdminActionResult | undefined;
  const navigation = useNavigation();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  useResultToast(actionData, () => formRef.current?.reset());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = TypeInputSchema.safeParse(typeValues(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    const message = firstIssue(parsed.error, MESSAGES.typeNameTooShort);
    setClientError(message);
    toast.error(message);
  }

  const kept = actionData && !actionData.ok ? actionData.values : undefined;
  const error = clientError ?? (actionData && !actionData.ok ? actionData.message : null);

  return (
    <>
      <AdminPageHeader title="Types" description="Post types narrow a category down, e.g. Football within Sports." />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <AdminPanel id="new-type" title="New type" className="lg:sticky lg:top-20">
          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="space-y-4"
            aria-describedby={error ? "type-error" : undefined}
          >
            <input type="hidden" name="intent" value="create" />
            {error ? (
              <FormMessage id="type-error" kind="error">
                {error}
              </FormMessage>
            ) : null}
            <TextField
              id="type-name"
              name="name"
              label="Type name"
              autoComplete="off"
              maxLength={TAXONOMY_NAME_MAX_LENGTH}
              defaultValue={kept?.name ?? ""}
            />
            <div>
              <label htmlFor="type-category" className="block text-sm font-semibold text-gray-800">
                Category
              </label>
              <select
                id="type-category"
                name="category"
                defaultValue={kept?.category ?? ""}
                className={`mt-1.5 ${inputClass}`}
              >
                <option value="">Select category</option>
                {categories.map((category) => (
                  <option key={category._id} value={category.name}>
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton busy={busy} className="w-full">
              {busy ? null : <Tag aria-hidden="true" className="h-4 w-4" />}
              Create Type
            </SubmitButton>
          </Form>
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
