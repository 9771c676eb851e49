import { PAGE_LIMITS, SITE_FIELDS, type SitePageSummary } from "@broadsheet/domain";
import { ExternalLink, Save } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Form, useActionData, useNavigate, useNavigation } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { Button, ButtonLink, Field } from "../ui";
import { AdminPageHeader } from "./admin-page-header";
import { RichTextField } from "./rich-text-field";

/*
 * The form of Add Page and Edit Page (docs/product/pages.md): title, slug, parent, the post
 * editor's rich text, Published, and what search engines show. Values stay as typed when the
 * server refuses them.
 */

export interface PageFormValues {
  title: string;
  slug: string;
  parentId: string;
  content: string;
  isPublished: boolean;
  metaTitle: string;
  metaDescription: string;
}

export const EMPTY_PAGE: PageFormValues = {
  title: "",
  slug: "",
  parentId: "",
  content: "",
  isPublished: false,
  metaTitle: "",
  metaDescription: "",
};

/** The pages a page may sit under: not itself, nor any page below it. */
export function parentChoices(pages: SitePageSummary[], pageId: string | undefined): SitePageSummary[] {
  if (!pageId) return pages;
  const below = new Set([pageId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const page of pages) {
      if (page.parentId && below.has(page.parentId) && !below.has(page._id)) {
        below.add(page._id);
        grew = true;
      }
    }
  }
  return pages.filter((page) => !below.has(page._id));
}

export function PageForm({
  mode,
  heading,
  description,
  initial,
  parents,
  viewHref,
  aside,
}: {
  mode: "create" | "edit";
  heading: string;
  description?: ReactNode;
  initial: PageFormValues;
  parents: SitePageSummary[];
  /** The page's address (edit screen). */
  viewHref?: string;
  /** Below the form, outside it (the edit screen's Delete). */
  aside?: ReactNode;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const result = useActionData<ActionResult>();
  const ids = {
    title: useId(),
    slug: useId(),
    parent: useId(),
    published: useId(),
    metaTitle: useId(),
    metaDescription: useId(),
  };
  const [metaDescription, setMetaDescription] = useState(initial.metaDescription);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  useResultToast(result, () => {
    if (mode === "create") navigate("/admin/pages");
  });

  return (
    <div>
      <AdminPageHeader
        title={heading}
        description={description}
        actions={
          viewHref ? (
            <ButtonLink to={viewHref} variant="secondary" size="md" icon={ExternalLink}>
              View page
            </ButtonLink>
          ) : null
        }
      />

      <Form method="post" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_17rem]">
        <input type="hidden" name="intent" value="save" />
        <div className="min-w-0 space-y-6">
          <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <Field
              label="Title"
              kind="text"
              name="title"
              id={ids.title}
              className="font-serif text-lg"
              placeholder="About us"
              maxLength={PAGE_LIMITS.title}
              defaultValue={initial.title}
            />
            <Field
              kind="text"
              id={ids.slug}
              name="slug"
              label="Slug"
              defaultValue={initial.slug}
              maxLength={PAGE_LIMITS.slug}
              placeholder="about"
              hint="The page's address, /slug. Leave empty to make it from the title."
            />
          </div>

          <RichTextField initialContent={initial.content} placeholder="Write the page…" />
          <p className="-mt-4 text-sm text-gray-600">
            {SITE_FIELDS.join(", ")} in the text show the site's name, e-mail address and phone number from Settings.
          </p>

          <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <h2 className="text-sm font-semibold text-gray-800">Search engines</h2>
            <Field
              kind="text"
              id={ids.metaTitle}
              name="metaTitle"
              label="Meta title"
              defaultValue={initial.metaTitle}
              maxLength={PAGE_LIMITS.metaTitle}
              hint="Leave empty to use the title."
            />
            <Field
              kind="textarea"
              id={ids.metaDescription}
              name="metaDescription"
              label="Meta description"
              rows={3}
              maxLength={PAGE_LIMITS.metaDescription}
              value={metaDescription}
              onChange={(event) => setMetaDescription(event.target.value)}
              hint={`${metaDescription.length} characters; search engines show about ${PAGE_LIMITS.metaDescriptionShown}. Leave empty to use the start of the text.`}
            />
          </div>
        </div>

        <aside className="space-y-4 xl:sticky xl:top-20 xl:self-start">
          <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <Field
              kind="checkbox"
              id={ids.published}
              name="isPublished"
              label="Published"
              defaultChecked={initial.isPublished}
              hint="Drafts are seen by editors only."
            />
            <Field
              kind="select"
              id={ids.parent}
              name="parentId"
              label="Parent page"
              defaultValue={initial.parentId}
              hint="Groups pages in this list; the address stays /slug."
              options={[
                { value: "", label: "No parent" },
                ...parents.map((page) => ({ value: page._id, label: page.title })),
              ]}
            />
            <Button type="submit" disabled={submitting} busy={submitting} icon={Save} className="w-full">
              Save page
            </Button>
          </div>
        </aside>
      </Form>
      {aside ? <div className="mt-6 max-w-xs">{aside}</div> : null}
    </div>
  );
}
