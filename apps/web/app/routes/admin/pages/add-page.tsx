import { PAGE_MESSAGES, pagesApi } from "@broadsheet/domain";
import { EMPTY_PAGE, PageForm } from "../../../components/admin/page-form";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { loadAllPages, pageBody } from "../../../lib/admin/site-pages.server";
import { apiAction } from "../../../lib/forms/answer.server";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import type { Route } from "./+types/add-page";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Add Page");

export async function loader({ context }: Route.LoaderArgs) {
  return { pages: await loadAllPages(context) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const input = { body: pageBody(form), ...idempotencyHeaders(form) };
  return apiAction(context, "save", pagesApi.create, input, { success: PAGE_MESSAGES.pageCreated });
}

export default function AddPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageForm
      mode="create"
      heading="Add Page"
      description="A page of its own at /slug: About, Contact, Advertise…"
      initial={EMPTY_PAGE}
      parents={loaderData.pages}
    />
  );
}
