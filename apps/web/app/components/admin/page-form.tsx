import { PAGE_LIMITS, SITE_FIELDS, type SitePageSummary } from "@broadsheet/domain";
import { ExternalLink, Save } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form, useActionData, useNavigate, useNavigation } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { Button, ButtonLink, Field } from "../ui";
import { AdminPageHeader } from "./admin-page-header";
import { IdempotencyKeyField } from "./editor-safety/idempotency-key-field";
import { useOneSubmitAtATime } from "./editor-safety/use-one-submit-at-a-time";
import { RichTextField } from "./rich-text-field";
import { SeoFields, type SeoValues } from "./seo-fields";

/*
 * The form of Add Page and Edit Page (docs/product/pages.md): title, slug, parent, the post
 * editor's rich text, Published, and the post editor's Search and social section. Values stay
 * as typed when the server refuses them.
 */

export interface PageFormValues extends SeoValues {
  title: string;
  slug: string;
  parentId: string;
  content: string;
  isPublished: boolean;
}

export const EMPTY_PAGE: PageFormValues = {
  title: "",
  slug: "",
  parentId: "",
  content: "",
  isPublished: false,
  excerpt: "",
  metaTitle: "",
  metaDescription: "",
  socialImage: "",
  canonicalUrl: "",
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
  const oneSubmitAtATime = useOneSubmitAtATime();
  const result = useActionData<ActionResult>();
  const ids = {
    title: useId(),
    slug: useId(),
    parent: useId(),
    published: useId(),
  };
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

      <Form method="post" onSubmit={oneSubmitAtATime} className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_17rem]">
        <input type="hidden" name="intent" value="save" />
        {mode === "create" ? <IdempotencyKeyField /> : null}
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

          <SeoFields kind="page" initial={initial} address={viewHref ?? ""} />
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
