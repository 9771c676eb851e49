import { advertsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { data } from "react-router";
import { AdvertForm } from "../../../components/admin/advert-form";
import { advertBody, saveContent } from "../../../lib/admin/admin-content.server";
import { callApi, errorMessage } from "../../../lib/api.server";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/edit-advert";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Edit Advert | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await callApi(context, advertsApi.get, { params: { id: params.id } });
  if (result.status === 404) throw data(null, { status: 404 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { advert: result.data };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const input = { params: { id: params.id }, body: advertBody(form) };
  return saveContent(context, "update", advertsApi.update, input, SUCCESS_MESSAGES.advertUpdated);
}

export default function EditAdvert({ loaderData }: Route.ComponentProps) {
  const { advert } = loaderData;
  return (
    <AdvertForm
      key={advert._id}
      mode="edit"
      heading="Edit Advert"
      description={`${advert.category} advert`}
      initial={{ link: advert.link, category: advert.category, content: advert.content, image: advert.image }}
    />
  );
}
