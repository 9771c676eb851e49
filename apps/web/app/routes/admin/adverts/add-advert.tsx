import { advertsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { AdvertForm, EMPTY_ADVERT } from "../../../components/admin/advert-form";
import { advertBody, saveContent } from "../../../lib/admin/admin-content.server";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/add-advert";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Add Advert | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  return saveContent(
    context,
    "create",
    advertsApi.create,
    { body: advertBody(form), ...idempotencyHeaders(form) },
    SUCCESS_MESSAGES.advertCreated,
  );
}

export default function AddAdvert() {
  return (
    <AdvertForm
      mode="create"
      heading="Add Advert"
      description="Images, a link and where on the site it shows."
      initial={EMPTY_ADVERT}
    />
  );
}
