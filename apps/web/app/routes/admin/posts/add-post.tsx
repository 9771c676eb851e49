import { postsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { EMPTY_POST, PostForm } from "../../../components/admin/post-form";
import { loadTaxonomy, postBody, saveContent } from "../../../lib/admin/admin-content.server";
import { bodyForDelivery, deliveryOf, loadDelivery, sendAfterSave } from "../../../lib/admin/post-delivery.server";
import { callApi } from "../../../lib/api.server";
import { answerSave, fail } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { idempotencyHeaders } from "../../../lib/forms/idempotency.server";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/add-post";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Add Post | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [taxonomy, delivery] = await Promise.all([loadTaxonomy(context), loadDelivery(context)]);
  return { ...taxonomy, delivery };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const post = postBody(form, context.site.timeZone);
  if (!post.ok) return fail({ intent: "create", message: post.message });
  const delivery = deliveryOf(form);
  const body = bodyForDelivery(post.body, delivery, formText(form, "intent"));
  if (!body.ok) return fail({ intent: "create", message: body.message });
  const success = SUCCESS_MESSAGES.postCreated;
  const input = { body: body.body, ...idempotencyHeaders(form) };
  if (delivery.delivery === "web") return saveContent(context, "create", postsApi.create, input, success);
  const saved = await callApi(context, postsApi.create, input);
  if (!saved.ok) return answerSave(saved, { intent: "create", success });
  return sendAfterSave(context, "create", saved.data._id, delivery, success);
}

export default function AddPost({ loaderData }: Route.ComponentProps) {
  return (
    <PostForm
      mode="create"
      heading="Add Post"
      description="Write a story, then publish it or keep it as a draft."
      initial={EMPTY_POST}
      categories={loaderData.categories}
      types={loaderData.types}
      delivery={loaderData.delivery}
    />
  );
}
