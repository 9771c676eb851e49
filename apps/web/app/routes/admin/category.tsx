import { CategoryInputSchema, MESSAGES, SUCCESS_MESSAGES, TAXONOMY_NAME_MAX_LENGTH } from "@broadsheet/domain";
import { FolderPlus, FolderTree } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { type Column, DataTable } from "../../components/admin/data-table";
import { DeleteAction } from "../../components/admin/delete-action";
import { useResultToast } from "../../components/admin/use-result-toast";
import { FormMessage, SubmitButton, TextField } from "../../components/form-controls";
import { useToast } from "../../components/toaster";
import { type AdminActionResult, field, firstIssue } from "../../lib/admin-action";
import { apiAction, refuse } from "../../lib/admin-action.server";
import { adminMeta } from "../../lib/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import type { Route } from "./+types/category";

interface Category {
  _id: string;
  name: string;
  slug: string;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Categories");

export async function loader({ context }: Route.LoaderArgs) {
  const result = await callApi<Category[]>(context, "/api/category/getCategories");
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { categories: result.data };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, "intent");
  if (intent === "delete") {
    const slug = field(form, "slug");
    return apiAction(context, intent, `/api/category/${encodeURIComponent(slug)}`, { method: "DELETE" });
  }
  const values = { name: field(form, "name") };
  const parsed = CategoryInputSchema.safeParse(values);
  if (!parsed.success) return refuse("create", firstIssue(parsed.error, MESSAGES.categoryNameTooShort), values);
  return apiAction(
    context,
    "create",
    "/api/category/createCategory",
    { method: "POST", json: parsed.data },
    { success: SUCCESS_MESSAGES.categoryCreated, values },
  );
}

const columns: Column<Category>[] = [
  { header: "s/n", cell: (_, index) => index + 1, className: "w-16 text-gray-600" },
  { header: "Name", cell: (category) => <span className="font-medium">{category.name}</span> },
  {
    header: "Action",
    hideHeader: true,
    className: "w-32 text-right",
    cell: (category) => (
      <DeleteAction
        question="Are you sure to delete this category?"
        detail={<>“{category.name}” will be removed. Categories still used by posts or types are kept.</>}
        label={`Delete category ${category.name}`}
        fields={{ intent: "delete", slug: category.slug }}
      />
    ),
  },
];

export default function CategoriesScreen({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const actionData = useActionData<typeof action>() as AdminActionResult | undefined;
  const navigation = useNavigation();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  useResultToast(actionData, () => formRef.current?.reset());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = CategoryInputSchema.safeParse({ name: field(new FormData(event.currentTarget), "name") });
    if (parsed.success) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    const message = firstIssue(parsed.error, MESSAGES.categoryNameTooShort);
    setClientError(message);
    toast.error(message);
  }

  const serverError = actionData && !actionData.ok ? actionData.message : null;
  const error = clientError ?? serverError;

  return (
    <>
      <AdminPageHeader title="Categories" description="The sections posts are filed under." />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <AdminPanel id="new-category" title="New category" className="lg:sticky lg:top-20">
          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="space-y-4"
            aria-describedby={error ? "category-error" : undefined}
          >
            <input type="hidden" name="intent" value="create" />
            {error ? (
              <FormMessage id="category-error" kind="error">
                {error}
              </FormMessage>
            ) : null}
            <TextField
              id="category-name"
              name="name"
              label="Category name"
              autoComplete="off"
              maxLength={TAXONOMY_NAME_MAX_LENGTH}
              defaultValue={actionData && !actionData.ok ? actionData.values?.name : ""}
              aria-invalid={error ? true : undefined}
              hint="At least 3 characters, e.g. Science."
            />
            <SubmitButton busy={busy} className="w-full">
              {busy ? null : <FolderPlus aria-hidden="true" className="h-4 w-4" />}
              Create Category
            </SubmitButton>
          </Form>
        </AdminPanel>
        <AdminPanel
          id="category-list"
          title="All categories"
          description={`${categories.length} ${categories.length === 1 ? "category" : "categories"}`}
        >
          <DataTable
            caption="Categories"
            columns={columns}
            rows={categories}
            rowKey={(category) => category._id}
            empty="No Category Found"
            emptyIcon={<FolderTree className="h-8 w-8 text-gray-400" />}
          />
        </AdminPanel>
      </div>
    </>
  );
}
