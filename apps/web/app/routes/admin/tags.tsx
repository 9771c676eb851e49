import { TAG_NAME_MAX_LENGTH, TAG_PAGE_SIZE, type TagJson, tagPath, tagsApi } from "@broadsheet/domain";
import { GitMerge, Pencil, Search, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { DeleteAction } from "../../components/admin/delete-action";
import { Button, type Column, DataTable, Field, inputClass, Pager, RowActions } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction, fail } from "../../lib/forms/answer.server";
import { formText } from "../../lib/forms/form-data";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { listHref, pageParam } from "../../lib/paging";
import type { Route } from "./+types/tags";

/*
 * Admin → Tags (docs/product/tags.md): every tag with its number of posts (drafts included),
 * searched by the start of its name; rename (name and slug), merge into any other tag
 * (typed by name), delete. Each row's forms work without scripts.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Tags");

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = (params.get("search") ?? "").trim();
  const page = pageParam(params);
  const result = await callApi(context, tagsApi.list, { query: { search, page, limit: TAG_PAGE_SIZE } });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { tags: result.data, search };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const [intent, id] = [formText(form, "intent"), formText(form, "id")];
  switch (intent) {
    case "rename": {
      const slug = formText(form, "slug").trim();
      const body = { name: formText(form, "name"), ...(slug ? { slug } : {}) };
      const success = `Tag renamed to ${body.name}`;
      return apiAction(context, intent, tagsApi.rename, { params: { id }, body }, { success });
    }
    case "merge":
      return apiAction(
        context,
        intent,
        tagsApi.merge,
        { params: { id }, body: { into: formText(form, "into") } },
        { success: "Tags merged" },
      );
    case "delete":
      return apiAction(context, intent, tagsApi.remove, { params: { id } });
    default:
      return fail({ intent, message: "Unknown action" });
  }
}

const detailsButton =
  "inline-flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-gray-100 [&::-webkit-details-marker]:hidden";

/** A row's action that opens a small form under its button: the tag's id and the intent go with it. */
function RowActionForm(props: {
  tag: TagJson;
  intent: string;
  label: string;
  icon: typeof Pencil;
  submit: string;
  children: ReactNode;
}) {
  const { tag, intent, label, icon: Icon, submit, children } = props;
  return (
    <details className="relative">
      <summary className={detailsButton} aria-label={`${label} tag ${tag.name}`}>
        <Icon aria-hidden="true" className="h-4 w-4" />
        {label}
      </summary>
      <Form
        method="post"
        className="absolute right-0 z-10 mt-1 w-72 space-y-3 rounded-lg border border-gray-200 bg-white p-4 text-left shadow-lg"
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={tag._id} />
        {children}
        <Button type="submit" size="sm">
          {submit}
        </Button>
      </Form>
    </details>
  );
}

function RenameForm({ tag }: { tag: TagJson }) {
  return (
    <RowActionForm tag={tag} intent="rename" label="Rename" icon={Pencil} submit="Save">
      <Field
        kind="text"
        id={`rename-${tag._id}`}
        name="name"
        label="New name"
        defaultValue={tag.name}
        maxLength={TAG_NAME_MAX_LENGTH}
        required
      />
      <Field
        kind="text"
        id={`slug-${tag._id}`}
        name="slug"
        label="Slug"
        defaultValue={tag.slug}
        hint={`The tag page's address: /tag/${tag.slug}`}
      />
    </RowActionForm>
  );
}

/** The tag to keep is typed by name (any tag, not only this page's); this page's others are suggested. */
function MergeForm({ tag, suggestions }: { tag: TagJson; suggestions: string }) {
  return (
    <RowActionForm tag={tag} intent="merge" label="Merge" icon={GitMerge} submit="Merge">
      <Field
        kind="text"
        id={`merge-${tag._id}`}
        name="into"
        label={`Merge ${tag.name} into`}
        list={suggestions}
        autoComplete="off"
        required
        hint={`The name of the tag to keep: ${tag.name}'s posts get it, then ${tag.name} is deleted.`}
      />
    </RowActionForm>
  );
}

export default function TagsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, search } = loaderData;
  useResultToast(actionData);
  const columns: Column<TagJson>[] = [
    {
      header: "Name",
      cell: (tag) => (
        <a href={tagPath(tag.slug)} className="font-medium text-ink hover:text-brand-700 hover:underline">
          {tag.name}
        </a>
      ),
    },
    { header: "Slug", cell: (tag) => <span className="text-gray-600">{tag.slug}</span> },
    { header: "Posts", cell: (tag) => tag.postCount, className: "w-20 text-right tabular-nums" },
    {
      header: "Actions",
      hideHeader: true,
      className: "w-72",
      cell: (tag) => (
        <RowActions>
          <RenameForm tag={tag} />
          <MergeForm tag={tag} suggestions="tag-names" />
          <DeleteAction
            question="Are you sure to delete this tag?"
            detail={<>“{tag.name}” will be removed from its posts; the posts stay.</>}
            label={`Delete tag ${tag.name}`}
            fields={{ intent: "delete", id: tag._id }}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <>
      <AdminPageHeader title="Tags" description="Free-form labels editors add to posts; each has its page at /tag/…" />
      <AdminPanel
        id="tag-list"
        title="All tags"
        description={`${tags.total} ${tags.total === 1 ? "tag" : "tags"}`}
        actions={
          <Form method="get" role="search" className="flex items-center gap-2">
            <label htmlFor="tag-search" className="sr-only">
              Search tags
            </label>
            <input
              id="tag-search"
              name="search"
              type="search"
              defaultValue={search}
              placeholder="Name starts with…"
              className={inputClass}
            />
            <Button type="submit" variant="secondary" icon={Search}>
              Search
            </Button>
          </Form>
        }
      >
        <datalist id="tag-names">
          {tags.items.map((tag) => (
            <option key={tag._id} value={tag.name} />
          ))}
        </datalist>
        <DataTable
          caption="Tags"
          columns={columns}
          rows={tags.items}
          rowKey={(tag) => tag._id}
          empty={search ? `No tag starts with “${search}”` : "No tags yet: add them to posts in the editor"}
          emptyIcon={<Tag className="h-8 w-8 text-gray-400" />}
        />
        <Pager
          page={tags.page}
          total={tags.total}
          limit={tags.limit}
          hrefFor={(page) => listHref("/admin/tags", { page, search })}
        />
      </AdminPanel>
    </>
  );
}
