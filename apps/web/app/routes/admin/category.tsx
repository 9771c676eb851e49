import {
  type Category,
  CategoryInputSchema,
  categoriesApi,
  MESSAGES,
  SUCCESS_MESSAGES,
  TAXONOMY_NAME_MAX_LENGTH,
} from "@broadsheet/domain";
import { FolderPlus, FolderTree } from "lucide-react";
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
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Categories");

export async function loader({ context }: Route.LoaderArgs) {
  const result = await callApi(context, categoriesApi.list);
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { categories: result.data };
}

function checkCategory(form: FormData) {
  return check(CategoryInputSchema, formTexts(form, ["name"]), MESSAGES.categoryNameTooShort);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "delete") {
    const slug = formText(form, "slug");
    return apiAction(context, intent, categoriesApi.remove, { params: { slug } });
  }
  const values = formTexts(form, ["name"]);
  const checked = checkCategory(form);
  if (!checked.ok) return refuse(checked, { intent: "create", values });
  return apiAction(
    context,
    "create",
    categoriesApi.create,
    { body: checked.value, ...idempotencyHeaders(form) },
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

export default function CategoriesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const form = useFormCheck(checkCategory, actionData);
  useResultToast(actionData, () => formRef.current?.reset());

  return (
    <>
      <AdminPageHeader title="Categories" description="The sections posts are filed under." />
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
        <AdminPanel id="new-category" title="New category" className="lg:sticky lg:top-20">
          <CheckedForm ref={formRef} check={form} errorId="category-error" className="space-y-4">
            <input type="hidden" name="intent" value="create" />
            <IdempotencyKeyField />
            <Field
              kind="text"
              id="category-name"
              name="name"
              label="Category name"
              autoComplete="off"
              maxLength={TAXONOMY_NAME_MAX_LENGTH}
              defaultValue={actionData && !actionData.ok ? actionData.values?.name : ""}
              invalid={form.invalid("name")}
              hint="At least 3 characters, e.g. Science."
            />
            <Button type="submit" busy={busy} icon={FolderPlus} className="w-full">
              Create Category
            </Button>
          </CheckedForm>
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
