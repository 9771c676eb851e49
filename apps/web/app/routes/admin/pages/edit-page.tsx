import { PAGE_MESSAGES, pagePath, pagesApi } from "@broadsheet/domain";
import { Trash2 } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs, useFetcher, useNavigate } from "react-router";
import { PageForm, parentChoices } from "../../../components/admin/page-form";
import { Button, ConfirmDialog } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { loadAllPages, pageBody } from "../../../lib/admin/site-pages.server";
import { callApi, errorMessage } from "../../../lib/api.server";
import type { ActionResult } from "../../../lib/forms/action-result";
import { apiAction, fail } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import type { Route } from "./+types/edit-page";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(matches, loaderData ? `Edit: ${loaderData.page.title}` : "Edit Page");

export async function loader({ context, params }: Route.LoaderArgs) {
  const [page, pages] = await Promise.all([
    callApi(context, pagesApi.get, { params: { id: params.id } }),
    loadAllPages(context),
  ]);
  if (page.status === 404) throw data(null, { status: 404 });
  if (!page.ok) throw data(errorMessage(page), { status: page.status });
  return { page: page.data, parents: parentChoices(pages, page.data._id) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const input = { params: { id: params.id } };
  if (intent === "delete") {
    return apiAction(context, intent, pagesApi.remove, input, { success: PAGE_MESSAGES.pageDeleted });
  }
  if (intent === "save") {
    const body = pageBody(form);
    return apiAction(context, intent, pagesApi.update, { ...input, body }, { success: PAGE_MESSAGES.pageSaved });
  }
  return fail({ intent, message: "Unknown action" });
}

/** A deleted page is not reloaded: the screen goes to the list instead. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete") return false;
  return defaultShouldRevalidate;
}

function DeletePage({ title }: { title: string }) {
  const fetcher = useFetcher<ActionResult>({ key: "delete-page" });
  const navigate = useNavigate();
  useResultToast(fetcher.data, () => navigate("/admin/pages"));
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      question="Are you sure to delete this page?"
      detail={<>“{title}” will be removed for good; its subpages stay, without a parent.</>}
      busy={busy}
      onConfirm={() => {
        fetcher.submit({ intent: "delete" }, { method: "post" });
        return undefined;
      }}
      trigger={(open) => (
        <Button variant="danger" icon={Trash2} busy={busy} onClick={open} className="w-full">
          Delete page
        </Button>
      )}
    />
  );
}

export default function EditPage({ loaderData }: Route.ComponentProps) {
  const { page, parents } = loaderData;
  return (
    <PageForm
      key={page._id}
      mode="edit"
      heading="Edit Page"
      description={page.title}
      viewHref={pagePath(page.slug)}
      initial={{
        title: page.title,
        slug: page.slug,
        parentId: page.parentId ?? "",
        content: page.content,
        isPublished: page.isPublished,
        metaTitle: page.metaTitle,
        metaDescription: page.metaDescription,
        excerpt: page.excerpt,
        socialImage: page.socialImage,
        canonicalUrl: page.canonicalUrl,
      }}
      parents={parents}
      aside={<DeletePage title={page.title} />}
    />
  );
}
